/**
 * GET /api/shifts/history a page at a time (limit, offset, next_offset, total) with every filter,
 * and GET /api/shifts/history.csv: the same filters, the client's columns and texts, formula-safe
 * cells, 20,000 shifts streamed in bounded batches. Another fleet's rows are never in either.
 */
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { ShiftsResponse } from '../../../contract/api';
import { hashPassword } from '../identity';
import { historyBatches, HISTORY_EXPORT_BATCH } from './historyRepo';
import { zonedDate } from '../../platform/timeZone';
import { createFleet, insertShifts, type Fleet } from '../../tools/testing/fleetFixtures';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../tools/testing/testServer';

const PASSWORD = 'paginas-2026';
const HOUR = 3_600_000;
const SHIFT_COUNT = 1005;
const BASE = Date.parse('2025-01-01T00:00:00Z');

let server: TestServer;
let big: Fleet;
let token: string;
let second: Awaited<ReturnType<typeof createSecondOwner>>;
/** What was inserted, newest first (start desc, id desc), to compare pages with. */
let expected: { id: number; driver: number; vehicle: number | null; start: number }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  second = await createSecondOwner(server.db);
  big = await createFleet(server.db, {
    rutBody: 31_000_000,
    company: 'Taxis Grandes',
    passwordHash: await hashPassword(PASSWORD),
    driverNames: ['Uno', 'Dos'],
    platePrefix: 'PAG',
  });
  // One shift every 6 hours from 2025-01-01 00:00Z, alternating drivers; the vehicle is the first
  // one on every third shift, so the driver and vehicle filters select different rows.
  const rows = Array.from({ length: SHIFT_COUNT }, (_, i) => ({
    owner_id: big.ownerId,
    driver_id: big.drivers[i % 2].id,
    vehicle_id: big.drivers[i % 3 === 0 ? 0 : 1].vehicle_id,
    start_time: new Date(BASE + i * 6 * HOUR),
    end_time: new Date(BASE + i * 6 * HOUR + 5 * HOUR),
  }));
  const ids = await insertShifts(server.db, rows);
  expected = rows.map((row, i) => ({ id: ids[i], driver: row.driver_id, vehicle: row.vehicle_id, start: row.start_time.getTime() })).reverse();
  token = await server.login(big.ownerRut, PASSWORD);
}, 60_000);
afterAll(async () => {
  await server?.close();
}, 30_000);

async function get(path: string, query: Record<string, string | number> = {}, as = token) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return fetch(`${server.url}/api/shifts/${path}${search ? `?${search}` : ''}`, { headers: { authorization: `Bearer ${as}` } });
}

/** The body as sent: fetch's text() would drop the BOM that Excel needs. */
async function fileText(response: Response): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
}

async function page(query: Record<string, string | number> = {}, as = token) {
  const response = await get('history', query, as);
  return { status: response.status, body: (await response.json()) as ShiftsResponse & { error?: string } };
}

/** Every page from offset 0, following next_offset; the ids in order and the answers' metadata. */
async function allPages(query: Record<string, string | number>) {
  const ids: number[] = [];
  const answers: Omit<ShiftsResponse, 'shifts'>[] = [];
  let offset: number | null = 0;
  while (offset !== null && answers.length < 100) {
    const { status, body } = await page({ ...query, offset });
    expect(status).toBe(200);
    const { shifts, ...meta } = body;
    ids.push(...shifts.map((shift) => shift.id));
    answers.push(meta);
    offset = body.next_offset ?? null;
  }
  return { ids, answers };
}

describe('paging', () => {
  it('sends the first 100, newest first, when no page is asked for', async () => {
    const { status, body } = await page();
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 100, total: SHIFT_COUNT, next_offset: 100, limited: true });
    expect(body.shifts.map((s) => s.id)).toEqual(expected.slice(0, 100).map((e) => e.id));
  });

  it('walks every shift once, in order, and the last page says so', async () => {
    const { ids, answers } = await allPages({ limit: 500 });
    expect(ids).toEqual(expected.map((e) => e.id));
    expect(answers).toEqual([
      { count: 500, total: SHIFT_COUNT, total_exact: true, next_offset: 500, limited: true },
      { count: 500, total: SHIFT_COUNT, total_exact: true, next_offset: 1000, limited: true },
      { count: 5, total: SHIFT_COUNT, total_exact: true, next_offset: null, limited: false },
    ]);
  });

  it('a last page that is exactly full has no next page', async () => {
    expect((await page({ limit: 5, offset: SHIFT_COUNT - 5 })).body).toMatchObject({ count: 5, total: SHIFT_COUNT, next_offset: null });
    expect((await page({ limit: 1, offset: SHIFT_COUNT - 2 })).body).toMatchObject({ count: 1, total: SHIFT_COUNT, next_offset: SHIFT_COUNT - 1 });
  });

  it('an offset past the end is an empty page that still tells the total', async () => {
    expect((await page({ offset: 5000 })).body).toEqual({ shifts: [], count: 0, total: SHIFT_COUNT, total_exact: true, next_offset: null, limited: false });
  });

  it('counts exactly up to 1,000 shifts past the page, and says "at least" beyond', async () => {
    // 1,005 shifts: a page of 1 at the start counts 1 + 1,000 and stops there.
    expect((await page({ limit: 1 })).body).toMatchObject({ count: 1, total: 1001, total_exact: false, next_offset: 1 });
    // Five pages further on, the count reaches the end: exact again.
    expect((await page({ limit: 1, offset: 5 })).body).toMatchObject({ count: 1, total: SHIFT_COUNT, total_exact: true, next_offset: 6 });
  });

  it.each([
    ['driver', () => ({ driver_id: big.drivers[1].id }), (e: (typeof expected)[0]) => e.driver === big.drivers[1].id],
    ['vehicle', () => ({ vehicle_id: big.drivers[0].vehicle_id as number }), (e: (typeof expected)[0]) => e.vehicle === big.drivers[0].vehicle_id],
    // Santiago is UTC-3 in February: the 1st starts at 03:00Z, the 28th ends at 03:00Z on 1 March.
    ['dates', () => ({ start_date: '2025-02-01', end_date: '2025-02-28' }), (e: (typeof expected)[0]) => e.start >= Date.parse('2025-02-01T03:00:00Z') && e.start < Date.parse('2025-03-01T03:00:00Z')],
    [
      'driver, vehicle and dates',
      () => ({ driver_id: big.drivers[0].id, vehicle_id: big.drivers[0].vehicle_id as number, start_date: '2025-03-01', end_date: '2025-06-30' }),
      (e: (typeof expected)[0]) =>
        e.driver === big.drivers[0].id && e.vehicle === big.drivers[0].vehicle_id && e.start >= Date.parse('2025-03-01T03:00:00Z') && e.start < Date.parse('2025-07-01T04:00:00Z'),
    ],
  ])('pages through the %s filter', async (_name, query, keep) => {
    const want = expected.filter(keep).map((e) => e.id);
    expect(want.length).toBeGreaterThan(30);
    const { ids, answers } = await allPages({ ...query(), limit: 30 });
    expect(ids).toEqual(want);
    expect(answers.every((answer) => answer.total === want.length)).toBe(true);
    expect(answers.at(-1)?.next_offset).toBeNull();
  });
});

describe('another fleet', () => {
  it('never appears on any page, even when its ids are the filters', async () => {
    const { ids } = await allPages({ limit: 500 });
    const theirs = await server.db.selectFrom('shifts').select('id').where('owner_id', '=', second.ownerId).execute();
    expect(ids.filter((id) => theirs.some((t) => t.id === id))).toEqual([]);
    expect((await page({ driver_id: second.driverId })).body).toMatchObject({ shifts: [], total: 0 });
    expect((await page({ vehicle_id: second.vehicleId })).body).toMatchObject({ shifts: [], total: 0 });
  });

  it('sees its own shift and nothing of ours, on pages and in the CSV', async () => {
    const theirToken = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
    const own = await page({ limit: 500 }, theirToken);
    expect(own.body).toMatchObject({ count: 1, total: 1, next_offset: null });
    expect((await page({ vehicle_id: big.drivers[0].vehicle_id as number }, theirToken)).body).toMatchObject({ shifts: [], total: 0 });
    const csv = await fileText(await get('history.csv', { driver_id: big.drivers[0].id }, theirToken));
    expect(csv.split('\r\n')).toEqual(['\uFEFFConductor;RUT;Vehículo;Inicio;Fin;Duración;Estado', '']);
  });
});

describe('GET /api/shifts/history.csv', () => {
  it('is a file named by the fleet’s day, with the client’s columns and texts', async () => {
    const small = await createFleet(server.db, {
      rutBody: 32_000_000,
      company: 'Taxis CSV',
      passwordHash: await hashPassword(PASSWORD),
      driverNames: ['=HYPERLINK("http://x")', 'Ana; María'],
      platePrefix: 'CSV',
    });
    await insertShifts(server.db, [
      // 23:30 on 10 March in Santiago (UTC-3), 8 h 15 m.
      { owner_id: small.ownerId, driver_id: small.drivers[0].id, vehicle_id: small.drivers[0].vehicle_id, start_time: new Date('2026-03-11T02:30:00Z'), end_time: new Date('2026-03-11T10:45:30Z') },
      // Winter time (UTC-4), no vehicle, still open.
      { owner_id: small.ownerId, driver_id: small.drivers[1].id, vehicle_id: null, start_time: new Date('2026-06-01T12:05:00Z'), end_time: null },
    ]);
    const smallToken = await server.login(small.ownerRut, PASSWORD);
    const response = await get('history.csv', {}, smallToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="historial-turnos-${zonedDate(new Date(), 'America/Santiago')}.csv"`);
    const text = await fileText(response);
    const rut = (n: number) => `${n.toLocaleString('es-CL')}-${small.drivers[n - 32_000_001].rut.slice(-1)}`;
    expect(text).toBe(
      '\uFEFFConductor;RUT;Vehículo;Inicio;Fin;Duración;Estado\r\n' +
        `"Ana; María Prueba";${rut(32_000_002)};Sin vehículo;01/06/2026 08:05;-;En curso;Activo\r\n` +
        `"'=HYPERLINK(""http://x"") Prueba";${rut(32_000_001)};CSV10;10/03/2026 23:30;11/03/2026 07:45;8h 15m;Finalizado\r\n`,
    );
  });

  it('applies the filters and ignores paging', async () => {
    const text = await (await get('history.csv', { driver_id: big.drivers[1].id, limit: 3, offset: 10 })).text();
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + expected.filter((e) => e.driver === big.drivers[1].id).length);
    expect(lines.slice(1).every((line) => line.startsWith('Dos Prueba;'))).toBe(true);
  });

  it('answers bad filters with a Spanish 400', async () => {
    const response = await get('history.csv', { start_date: '2026-03-11', end_date: '2026-03-10' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'La Fecha Fin no puede ser anterior a la Fecha Inicio', fields: { end_date: 'La Fecha Fin no puede ser anterior a la Fecha Inicio' } });
    expect((await fetch(`${server.url}/api/shifts/history.csv`)).status).toBe(401);
  });
});

describe('20,000 shifts', () => {
  const COUNT = 20_000;
  let many: Fleet;
  let manyToken: string;

  beforeAll(async () => {
    many = await createFleet(server.db, { rutBody: 33_000_000, company: 'Taxis Muchos', passwordHash: await hashPassword(PASSWORD), driverNames: ['Rápido'], platePrefix: 'MUCH' });
    // Pairs of shifts share a start (ties are broken by id) and starts carry microseconds, which a
    // cursor held as a JS Date would round away.
    await sql`
      insert into shifts (owner_id, driver_id, vehicle_id, start_time, end_time)
      select ${many.ownerId}, ${many.drivers[0].id}, ${many.drivers[0].vehicle_id}, t, t + interval '20 minutes'
      from generate_series(0, ${COUNT - 1}) as i,
           lateral (select timestamptz '2024-01-01T00:00:00Z' + (i / 2) * interval '30 minutes' + (i / 2 % 7) * interval '123 microseconds') as s (t)
    `.execute(server.db);
    manyToken = await server.login(many.ownerRut, PASSWORD);
  }, 60_000);

  it('export every row once, newest first', async () => {
    const response = await get('history.csv', {}, manyToken);
    expect(response.headers.get('content-length')).toBeNull();
    const lines = (await response.text()).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(COUNT);
    // The newest start is 9,999 half hours after 2024-01-01 00:00Z: 2024-07-27 07:30Z, 03:30 in Santiago.
    expect(rows[0]).toBe(rows[1]);
    expect(rows[0]).toMatch(/^Rápido Prueba;[^;]+;MUCH10;27\/07\/2024 03:30;27\/07\/2024 03:50;0h 20m;Finalizado$/);
    expect(rows.at(-1)).toMatch(/;31\/12\/2023 21:00;/);
  }, 60_000);

  it('are read in bounded batches, each when the previous one has been written', async () => {
    const queries: number[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
      transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        queries.push(args.result.rows.length);
        return args.result;
      },
    };
    const batches = historyBatches(server.db.withPlugin(counting), many.ownerId, {}, 'America/Santiago');
    const first = await batches.next();
    expect(first.value).toHaveLength(HISTORY_EXPORT_BATCH);
    // Only the first batch has been read: an export built in memory would have read them all.
    expect(queries).toEqual([HISTORY_EXPORT_BATCH]);
    const ids = new Set((first.value as { id: number }[]).map((s) => s.id));
    for await (const batch of batches) batch.forEach((shift) => ids.add(shift.id));
    expect(ids.size).toBe(COUNT);
    expect(Math.max(...queries)).toBe(HISTORY_EXPORT_BATCH);
    expect(queries.length).toBe(COUNT / HISTORY_EXPORT_BATCH + 1);
  }, 60_000);
});
