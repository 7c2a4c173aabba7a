/**
 * GET /api/reports, /reports/daily and /reports/shifts over HTTP, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL: the numbers are the kept summaries added up, a shift counts on
 * the day it starts in America/Santiago, open and unsummarized shifts add hours only, grouping by
 * driver or vehicle, Spanish 400s, and another fleet's shifts never counted.
 */
import { sql, type Kysely } from 'kysely';
import { reportDailyResponseSchema, reportResponseSchema, reportShiftsResponseSchema } from '../../../contract/reports';
import { buildServer, type FlotaServer } from '../../app';
import { hashPassword } from '../identity';
import { loadConfig } from '../../platform/config';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { migrateToLatest } from '../../platform/db/migrate';
import type { Database } from '../../platform/db/schema';
import { zonedDate } from '../../platform/timeZone';
import { createFleet, insertShifts, type Fleet } from '../../tools/testing/fleetFixtures';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';

const PASSWORD = 'reportes-2026';
const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const HOUR = 3_600_000;

interface KnownSummary {
  distance_m: number;
  moving_seconds: number;
  stopped_seconds: number;
  stops_count: number;
  trips_count: number;
  max_speed_kmh: number;
}

async function keepSummary(db: Kysely<Database>, shiftId: number, s: KnownSummary): Promise<void> {
  await sql`insert into shift_summaries (shift_id, distance_m, moving_seconds, stopped_seconds, stops_count, trips_count, max_speed_kmh, average_speed_kmh, points_count, ignored_points, trips, stops)
    values (${shiftId}, ${s.distance_m}, ${s.moving_seconds}, ${s.stopped_seconds}, ${s.stops_count}, ${s.trips_count}, ${s.max_speed_kmh}, 30, 100, 0, '[]', '[]')`.execute(db);
}

type Event = { status: string; at: string; driver: number; actor?: 'driver' | 'desk' | 'system'; note?: string };

/** A booking of `ownerId` with these events (status, time, driver, who made it, note), as Despacho writes them. */
async function bookingWithEvents(db: Kysely<Database>, ownerId: number, events: Event[]): Promise<void> {
  const booking = await db.insertInto('bookings').values({ owner_id: ownerId, customer_phone: '+56911112222', pickup_latitude: -32.45, pickup_longitude: -71.23 }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('booking_events')
    .values(events.map((e) => ({ booking_id: booking.id, status: e.status, at: e.at, actor_kind: e.actor ?? 'system', actor_id: null, actor_name: 'Flota', driver_id: e.driver, note: e.note ?? null })))
    .execute();
}

/**
 * February 10th in Santiago (UTC-3), a day without shifts: Ana is offered four times (she refuses
 * one; of another booking's three, one expires, the desk passes one on, she accepts the last); Beto once in the afternoon and
 * once at 23:30 (02:30Z on the 11th), accepting the first; the desk assigns Beto by hand once (no
 * offer answered); at 00:30 of the 11th Ana is offered again. Ciro, of another fleet, is offered and refuses.
 */
async function offerEvents(db: Kysely<Database>, fleet: Fleet, other: Fleet): Promise<void> {
  const [ana, beto] = fleet.drivers.map((d) => d.id);
  await bookingWithEvents(db, fleet.ownerId, [
    { status: 'ofrecido', at: '2026-02-10T12:00:00Z', driver: ana },
    { status: 'pendiente', at: '2026-02-10T12:00:20Z', driver: ana, actor: 'driver', note: 'rechazada' },
    { status: 'ofrecido', at: '2026-02-10T12:00:21Z', driver: beto },
    { status: 'asignado', at: '2026-02-10T12:00:30Z', driver: beto, actor: 'driver' },
    { status: 'en_camino', at: '2026-02-10T12:00:30Z', driver: beto, actor: 'driver' },
  ]);
  await bookingWithEvents(db, fleet.ownerId, [
    { status: 'ofrecido', at: '2026-02-10T15:00:00Z', driver: ana },
    { status: 'pendiente', at: '2026-02-10T15:00:20Z', driver: ana, note: 'expirada' },
    { status: 'ofrecido', at: '2026-02-10T15:01:00Z', driver: ana },
    { status: 'pendiente', at: '2026-02-10T15:01:05Z', driver: ana, actor: 'desk', note: 'pasada' },
    { status: 'ofrecido', at: '2026-02-10T15:02:00Z', driver: ana },
    { status: 'asignado', at: '2026-02-10T15:02:10Z', driver: ana, actor: 'driver' },
  ]);
  await bookingWithEvents(db, fleet.ownerId, [{ status: 'asignado', at: '2026-02-10T16:00:00Z', driver: beto, actor: 'desk' }]);
  await bookingWithEvents(db, fleet.ownerId, [{ status: 'ofrecido', at: '2026-02-11T02:30:00Z', driver: beto }]);
  await bookingWithEvents(db, fleet.ownerId, [{ status: 'ofrecido', at: '2026-02-11T03:30:00Z', driver: ana }]);
  await bookingWithEvents(db, other.ownerId, [
    { status: 'ofrecido', at: '2026-02-10T13:00:00Z', driver: other.drivers[0].id },
    { status: 'pendiente', at: '2026-02-10T13:00:20Z', driver: other.drivers[0].id, actor: 'driver', note: 'rechazada' },
  ]);
}

describe.each(kinds)('reports on %s', (kind) => {
  let database: OpenDatabase;
  let scratch: ScratchDatabase | null = null;
  let db: Kysely<Database>;
  let server: FlotaServer;
  let url: string;
  let token: string;
  let fleet: Fleet;
  const ids = { anaLateNight: 0, anaMorning: 0, betoSummer: 0, betoPending: 0, anaNoVehicle: 0, betoOpen: 0 };
  const today = zonedDate(new Date(), 'America/Santiago');
  // The open shift started two hours ago: from 21:00 to 02:00 in Santiago that is yesterday there.
  const openStart = new Date(Date.now() - 2 * HOUR);
  const openDay = zonedDate(openStart, 'America/Santiago');

  beforeAll(async () => {
    if (kind === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'flota_reportes');
      database = await openPostgres(scratch.url);
      await migrateToLatest(database.db);
    } else {
      // A copy of the run's migrated template: nothing to migrate.
      database = await openTestPglite();
    }
    db = database.db;
    const passwordHash = await hashPassword(PASSWORD);
    fleet = await createFleet(db, { rutBody: 33_000_000, company: 'Taxis Cuentas', passwordHash, driverNames: ['Ana', 'Beto'], platePrefix: 'CUEN' });
    const other = await createFleet(db, { rutBody: 34_000_000, company: 'Taxis Ajenos', passwordHash, driverNames: ['Ciro'], platePrefix: 'AJEN' });
    const [ana, beto] = fleet.drivers;
    const shift = (driver: Fleet['drivers'][number], startIso: string, hours: number | null, vehicle = driver.vehicle_id) => ({
      owner_id: fleet.ownerId,
      driver_id: driver.id,
      vehicle_id: vehicle,
      start_time: new Date(startIso),
      end_time: hours === null ? null : new Date(Date.parse(startIso) + hours * HOUR),
    });
    // January: Santiago is UTC-3. 02:30Z on the 15th is 23:30 on the 14th there; 03:30Z is 00:30 on the 15th.
    [ids.anaLateNight, ids.anaMorning, ids.betoSummer, ids.betoPending, ids.anaNoVehicle] = await insertShifts(db, [
      shift(ana, '2026-01-15T02:30:00Z', 2),
      shift(ana, '2026-01-15T03:30:00Z', 8),
      shift(beto, '2026-01-15T12:00:00Z', 10),
      shift(beto, '2026-01-16T12:00:00Z', 4),
      shift(ana, '2026-01-16T11:00:00Z', 1, null),
    ]);
    [ids.betoOpen] = await insertShifts(db, [shift(beto, openStart.toISOString(), null)]);
    const [otherShift] = await insertShifts(db, [
      { owner_id: other.ownerId, driver_id: other.drivers[0].id, vehicle_id: other.drivers[0].vehicle_id, start_time: new Date('2026-01-15T13:00:00Z'), end_time: new Date('2026-01-15T20:00:00Z') },
    ]);
    await keepSummary(db, ids.anaLateNight, { distance_m: 10_500, moving_seconds: 3000, stopped_seconds: 4200, stops_count: 2, trips_count: 3, max_speed_kmh: 71.2 });
    await keepSummary(db, ids.anaMorning, { distance_m: 120_250, moving_seconds: 14_400, stopped_seconds: 14_400, stops_count: 9, trips_count: 11, max_speed_kmh: 88.4 });
    await keepSummary(db, ids.betoSummer, { distance_m: 95_000, moving_seconds: 12_000, stopped_seconds: 24_000, stops_count: 7, trips_count: 8, max_speed_kmh: 65 });
    await keepSummary(db, ids.anaNoVehicle, { distance_m: 4_000, moving_seconds: 600, stopped_seconds: 3000, stops_count: 1, trips_count: 1, max_speed_kmh: 40 });
    await offerEvents(db, fleet, other);
    await keepSummary(db, otherShift, { distance_m: 999_000, moving_seconds: 9999, stopped_seconds: 9999, stops_count: 99, trips_count: 99, max_speed_kmh: 150 });

    const config = { ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist', TZ_FLEET: 'America/Santiago' }), host: '127.0.0.1', port: 0, simulator: false };
    server = await buildServer(config, { db, dbKind: database.kind, logger: false, backgroundPasses: { summaryBackfill: false } });
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

  async function get(path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  }

  it('by driver: each driver the sum of their kept summaries, alphabetical, and the totals', async () => {
    const { status, body } = await get('/reports?from=2026-01-14&to=2026-01-16&group=driver');
    expect(status).toBe(200);
    const report = reportResponseSchema.strict().parse(body);
    expect(report).toMatchObject({ from: '2026-01-14', to: '2026-01-16', group: 'driver', time_zone: 'America/Santiago' });
    expect(report.rows.map((row) => row.name)).toEqual(['Ana Prueba', 'Beto Prueba']);
    const [ana, beto] = report.rows;
    expect(ana).toMatchObject({ id: fleet.drivers[0].id, shifts: 3, open_shifts: 0, summarized_shifts: 3, shift_seconds: 11 * 3600, moving_seconds: 18_000, stopped_seconds: 21_600, distance_km: 134.75, stops: 12, trips: 15, max_speed_kmh: 88.4 });
    // Beto's second shift has no summary yet: it adds its four hours and nothing else.
    expect(beto).toMatchObject({ id: fleet.drivers[1].id, shifts: 2, open_shifts: 0, summarized_shifts: 1, shift_seconds: 14 * 3600, moving_seconds: 12_000, distance_km: 95, stops: 7, trips: 8, max_speed_kmh: 65 });
    expect(report.totals).toEqual({
      shifts: 5,
      open_shifts: 0,
      summarized_shifts: 4,
      shift_seconds: 25 * 3600,
      moving_seconds: 30_000,
      stopped_seconds: 45_600,
      distance_km: 229.75,
      stops: 19,
      trips: 23,
      max_speed_kmh: 88.4,
      fares_pesos: 0,
      estimated_fares_pesos: 0,
      offers: { received: 0, accepted: 0, declined: 0, unanswered: 0 },
    });
  });

  it("by driver: each one's offers of the Santiago day, received, accepted, refused and unanswered, with the totals", async () => {
    const report = reportResponseSchema.strict().parse((await get('/reports?from=2026-02-10&to=2026-02-10')).body);
    expect(report.rows.map((row) => [row.name, row.shifts, row.offers])).toEqual([
      ['Ana Prueba', 0, { received: 4, accepted: 1, declined: 1, unanswered: 2 }],
      // 23:30 of the 10th in Santiago is the 10th's; the desk's assignment by hand answers no offer.
      ['Beto Prueba', 0, { received: 2, accepted: 1, declined: 0, unanswered: 0 }],
    ]);
    expect(report.totals.offers).toEqual({ received: 6, accepted: 2, declined: 1, unanswered: 2 });
    expect(report.totals.shifts).toBe(0);
    expect(JSON.stringify(report)).not.toContain('Ciro');

    const withShifts = reportResponseSchema.parse((await get('/reports?from=2026-01-14&to=2026-02-11')).body);
    expect(withShifts.rows.map((row) => [row.name, row.shifts, row.offers?.received])).toEqual([
      ['Ana Prueba', 3, 5],
      ['Beto Prueba', 2, 2],
    ]);
    const ana = reportResponseSchema.parse((await get(`/reports?from=2026-02-10&to=2026-02-10&driver_id=${fleet.drivers[0].id}`)).body);
    expect(ana.rows.map((row) => row.name)).toEqual(['Ana Prueba']);
    expect(ana.totals.offers).toEqual({ received: 4, accepted: 1, declined: 1, unanswered: 2 });
  });

  it("offers are a driver's: none by vehicle, and none of another fleet's even by its driver's id", async () => {
    const byVehicle = reportResponseSchema.parse((await get('/reports?from=2026-02-10&to=2026-02-10&group=vehicle')).body);
    expect(byVehicle.rows).toEqual([]);
    expect(byVehicle.totals.offers).toBeUndefined();
    const other = await db.selectFrom('drivers').select('id').where('owner_id', '!=', fleet.ownerId).executeTakeFirstOrThrow();
    const theirs = reportResponseSchema.parse((await get(`/reports?from=2026-02-10&to=2026-02-10&driver_id=${other.id}`)).body);
    expect(theirs.rows).toEqual([]);
    expect(theirs.totals.offers).toEqual({ received: 0, accepted: 0, declined: 0, unanswered: 0 });
  });

  it("a shift counts on the day it starts in Santiago: 23:30 of the 14th is not the 15th's", async () => {
    const day15 = reportResponseSchema.parse((await get('/reports?from=2026-01-15&to=2026-01-15')).body);
    expect(day15.rows.find((row) => row.id === fleet.drivers[0].id)).toMatchObject({ shifts: 1, distance_km: 120.25 });
    const day14 = reportResponseSchema.parse((await get('/reports?from=2026-01-14&to=2026-01-14')).body);
    expect(day14.rows).toEqual([expect.objectContaining({ id: fleet.drivers[0].id, shifts: 1, distance_km: 10.5 })]);
    expect(day14.totals.shifts).toBe(1);
  });

  it('by vehicle: each plate, and the shifts without a vehicle under "Sin vehículo"', async () => {
    const report = reportResponseSchema.parse((await get('/reports?from=2026-01-14&to=2026-01-16&group=vehicle')).body);
    expect(report.rows.map((row) => [row.name, row.shifts, row.distance_km])).toEqual([
      ['CUEN10', 2, 130.75],
      ['CUEN11', 2, 95],
      ['Sin vehículo', 1, 4],
    ]);
    expect(report.rows[2].id).toBeNull();
    expect(report.totals.distance_km).toBe(229.75);
  });

  it("an open shift counts as a shift with its hours so far, and no kilometres until it ends", async () => {
    const report = reportResponseSchema.parse((await get(`/reports?from=${openDay}&to=${today}`)).body);
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({ id: fleet.drivers[1].id, shifts: 1, open_shifts: 1, summarized_shifts: 0, distance_km: 0, trips: 0 });
    expect(report.rows[0].shift_seconds).toBeGreaterThanOrEqual(2 * 3600 - 5);
    expect(report.rows[0].shift_seconds).toBeLessThan(2 * 3600 + 120);
  });

  it('per day: one row per Santiago day and driver, narrowed to one driver', async () => {
    const daily = reportDailyResponseSchema.strict().parse((await get(`/reports/daily?from=2026-01-14&to=2026-01-16&driver_id=${fleet.drivers[0].id}`)).body);
    expect(daily.days.map((day) => [day.date, day.shifts, day.distance_km, day.shift_seconds])).toEqual([
      ['2026-01-14', 1, 10.5, 7200],
      ['2026-01-15', 1, 120.25, 28_800],
      ['2026-01-16', 1, 4, 3600],
    ]);
    const byVehicle = reportDailyResponseSchema.parse((await get('/reports/daily?from=2026-01-15&to=2026-01-15&group=vehicle')).body);
    expect(byVehicle.days.map((day) => [day.date, day.name, day.distance_km])).toEqual([
      ['2026-01-15', 'CUEN10', 120.25],
      ['2026-01-15', 'CUEN11', 95],
    ]);
  });

  it("a day's shifts, oldest first, each with its summary's numbers", async () => {
    const { shifts, limited } = reportShiftsResponseSchema.strict().parse((await get(`/reports/shifts?from=2026-01-16&to=2026-01-16`)).body);
    expect(limited).toBe(false);
    expect(shifts.map((s) => [s.id, s.date, s.plate_number, s.summarized, s.distance_km, s.shift_seconds])).toEqual([
      [ids.anaNoVehicle, '2026-01-16', null, true, 4, 3600],
      [ids.betoPending, '2026-01-16', 'CUEN11', false, 0, 4 * 3600],
    ]);
    expect(shifts[0]).toMatchObject({ driver_id: fleet.drivers[0].id, start_time: '2026-01-16T11:00:00.000Z', end_time: '2026-01-16T12:00:00.000Z', trips: 1, stops: 1, max_speed_kmh: 40 });
  });

  it("another fleet's shifts are never counted, even when asked by its driver's id", async () => {
    const other = await db.selectFrom('drivers').select('id').where('owner_id', '!=', fleet.ownerId).executeTakeFirstOrThrow();
    const report = reportResponseSchema.parse((await get(`/reports?from=2026-01-01&to=2026-01-31&driver_id=${other.id}`)).body);
    expect(report.rows).toEqual([]);
    expect(report.totals.shifts).toBe(0);
    const all = reportResponseSchema.parse((await get('/reports?from=2026-01-01&to=2026-01-31')).body);
    expect(all.totals.distance_km).toBe(229.75);
    expect(JSON.stringify(all)).not.toContain('Ciro');
  });

  it('bad periods answer a Spanish 400', async () => {
    expect(await get('/reports?from=2026-02-30&to=2026-03-01')).toEqual({ status: 400, body: expect.objectContaining({ fields: { from: 'Fecha Desde inválida' } }) });
    expect(await get('/reports?from=2026-03-02&to=2026-03-01')).toEqual({ status: 400, body: expect.objectContaining({ fields: { to: 'La Fecha Hasta no puede ser anterior a la Fecha Desde' } }) });
    expect(await get('/reports?from=2025-01-01&to=2026-03-01')).toEqual({ status: 400, body: expect.objectContaining({ fields: { to: 'El período es de a lo más 366 días' } }) });
    expect(await get('/reports?from=2026-01-01&to=2026-01-02&group=taxi')).toEqual({ status: 400, body: expect.objectContaining({ fields: { group: 'Agrupación inválida (driver o vehicle)' } }) });
    expect((await get('/reports?to=2026-01-02')).status).toBe(400);
  });

  it('asks for a session', async () => {
    expect((await fetch(`${url}/api/reports?from=2026-01-01&to=2026-01-02`)).status).toBe(401);
  });
});
