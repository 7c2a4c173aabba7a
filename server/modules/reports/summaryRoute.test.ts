/**
 * GET /api/shifts/:id/summary over HTTP, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: an
 * ended shift's summary comes from shift_summaries, an open shift's is computed on the fly and not
 * kept, another fleet's shift is a Spanish 404, and the background pass started at listen gives
 * every ended shift without a summary its own.
 */
import { sql, type Kysely } from 'kysely';
import { shiftSummaryResponseSchema, type ShiftSummaryResponse } from '../../../contract/reports';
import { buildServer, type FlotaServer } from '../../app';
import { hashPassword } from '../identity';
import { loadConfig } from '../../platform/config';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { migrateToLatest } from '../../platform/db/migrate';
import type { Database } from '../../platform/db/schema';
import { createFleet, insertShifts, type Fleet } from '../../tools/testing/fleetFixtures';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { SyntheticTrack } from '../../tools/testing/syntheticTrack';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';
import { summarizeShift } from './index';

const PASSWORD = 'resumenes-2026';
const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** 3 km, a ten-minute stop, 2 km: the trail every shift here drives. */
function drivenTrail(start: Date) {
  return new SyntheticTrack(start).drive(3000, 0, 360).stand(600, 5).drive(0, 2000, 360).points;
}

async function storeTrail(db: Kysely<Database>, shiftId: number, start: Date): Promise<void> {
  const rows = drivenTrail(start).map((point) => ({ shift_id: shiftId, latitude: point.latitude, longitude: point.longitude, recorded_at: new Date(point.time) }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('shift_locations').values(rows.slice(i, i + 500)).execute();
}

async function summaryRows(db: Kysely<Database>): Promise<number[]> {
  const { rows } = await sql<{ shift_id: number }>`select shift_id from shift_summaries order by shift_id`.execute(db);
  return rows.map((row) => row.shift_id);
}

describe.each(kinds)('shift summaries on %s', (kind) => {
  let database: OpenDatabase;
  let scratch: ScratchDatabase | null = null;
  let db: Kysely<Database>;
  let server: FlotaServer;
  let url: string;
  let token: string;
  let fleet: Fleet;
  const ids = { stored: 0, open: 0, backfilled: 0, backfilledToo: 0, otherFleet: 0 };
  const start = new Date(Date.now() - 4 * 3_600_000);

  beforeAll(async () => {
    if (kind === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'flota_reports');
      database = await openPostgres(scratch.url);
      await migrateToLatest(database.db);
    } else {
      // A copy of the run's migrated template: nothing to migrate.
      database = await openTestPglite();
    }
    db = database.db;
    const passwordHash = await hashPassword(PASSWORD);
    fleet = await createFleet(db, { rutBody: 31_000_000, company: 'Taxis Resumen', passwordHash, driverNames: ['Ana', 'Beto'], platePrefix: 'RESU' });
    const other = await createFleet(db, { rutBody: 32_000_000, company: 'Taxis Ajenos', passwordHash, driverNames: ['Ciro'] });
    const ended = new Date(start.getTime() + 2 * 3_600_000);
    const shift = (driver: { id: number }, ownerId: number, end: Date | null) => ({ owner_id: ownerId, driver_id: driver.id, start_time: start, end_time: end });
    [ids.stored, ids.open, ids.backfilled, ids.backfilledToo, ids.otherFleet] = await insertShifts(db, [
      shift(fleet.drivers[0], fleet.ownerId, ended),
      shift(fleet.drivers[1], fleet.ownerId, null),
      shift(fleet.drivers[0], fleet.ownerId, ended),
      shift(fleet.drivers[1], fleet.ownerId, ended),
      shift(other.drivers[0], other.ownerId, ended),
    ]);
    for (const id of Object.values(ids)) await storeTrail(db, id, start);
    // The stored shift is summarized "at its end", then its row is marked so a recomputation would show.
    await summarizeShift(db, ids.stored);
    await sql`update shift_summaries set distance_m = 12345, computed_at = '2026-01-02T03:04:05Z' where shift_id = ${ids.stored}`.execute(db);
    expect(await summaryRows(db)).toEqual([ids.stored]);

    const config = { ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }), host: '127.0.0.1', port: 0, simulator: false };
    server = await buildServer(config, { db, dbKind: database.kind, logger: false, backgroundPasses: { summaryBackfill: { startDelayMs: 0 } } });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: fleet.ownerRut, password: PASSWORD }) });
    token = ((await login.json()) as { token: string }).token;
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
    await scratch?.drop();
  });

  async function getSummary(id: number | string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${url}/api/shifts/${id}/summary`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  }

  it('the background pass started at listen gives every ended shift its summary, other fleets too', async () => {
    const deadline = Date.now() + 20_000;
    const everyEnded = [ids.stored, ids.backfilled, ids.backfilledToo, ids.otherFleet].sort((a, b) => a - b);
    while ((await summaryRows(db)).length < everyEnded.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await summaryRows(db)).toEqual(everyEnded);
    const { status, body } = await getSummary(ids.backfilled);
    expect(status).toBe(200);
    const answer = shiftSummaryResponseSchema.strict().parse(body);
    expect(answer.summary).toMatchObject({ shift_id: ids.backfilled, final: true, stops_count: 1, trips_count: 2 });
    expect(answer.summary.distance_km).toBeGreaterThan(5 * 0.99);
    expect(answer.summary.distance_km).toBeLessThan(5 * 1.01);
  }, 30_000);

  it('an ended shift answers the stored summary, not a recomputation', async () => {
    const { status, body } = await getSummary(ids.stored);
    expect(status).toBe(200);
    const answer = body as ShiftSummaryResponse;
    expect(answer.summary).toMatchObject({ shift_id: ids.stored, distance_km: 12.345, computed_at: '2026-01-02T03:04:05.000Z', final: true });
    expect(answer.stops).toHaveLength(1);
    expect(answer.stops[0]).toMatchObject({ data_gap: false });
    expect(answer.stops[0].duration_seconds).toBeGreaterThanOrEqual(600);
    expect(answer.trips.map((trip) => trip.start_time)).toEqual([start.toISOString(), expect.any(String)]);
  });

  it('an open shift is summarized on the fly and not kept', async () => {
    const { status, body } = await getSummary(ids.open);
    expect(status).toBe(200);
    const answer = shiftSummaryResponseSchema.strict().parse(body);
    expect(answer.summary).toMatchObject({ shift_id: ids.open, final: false, stops_count: 1, trips_count: 2 });
    expect(answer.summary.distance_km).toBeGreaterThan(4.95);
    expect(await summaryRows(db)).not.toContain(ids.open);
  });

  it("another fleet's shift, an unknown one and a malformed id are the same Spanish 404", async () => {
    for (const id of [ids.otherFleet, 999_999, 'abc', '1e3']) {
      expect(await getSummary(id)).toEqual({ status: 404, body: { error: 'Turno no encontrado' } });
    }
  });

  it('asks for a session', async () => {
    const response = await fetch(`${url}/api/shifts/${ids.stored}/summary`);
    expect(response.status).toBe(401);
  });
});
