/**
 * GET /api/shifts/:id/replay and GET /api/positions/at over HTTP (PGlite): the replay is the whole
 * trail as columns with its GPS jump left out and a speed for every point; another fleet's shift is
 * the same Spanish 404 as an unknown one; where-was-everyone shows only the fleet's own taxis and
 * refuses a bad time with a Spanish message. An ended shift's answer, kept between reads, still
 * shows a late point at once.
 */
import type { Kysely } from 'kysely';
import { decodeTrailSteps, positionsAtResponseSchema, shiftReplaySchema } from '../../../contract/replay';
import { buildServer, type FlotaServer } from '../../app';
import { hashPassword } from '../identity';
import { packShift } from '../positions';
import { loadConfig } from '../../platform/config';
import type { OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import type { Database } from '../../platform/db/schema';
import { createFleet, insertShifts, type Fleet } from '../../tools/testing/fleetFixtures';
import { SyntheticTrack } from '../../tools/testing/syntheticTrack';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';

const PASSWORD = 'repeticion-2026';
const START = new Date('2026-03-10T15:00:00.000Z');

describe('replay and where-was-everyone routes', () => {
  let database: OpenDatabase;
  let db: Kysely<Database>;
  let server: FlotaServer;
  let url: string;
  let token: string;
  let fleet: Fleet;
  const ids = { own: 0, otherFleet: 0 };

  beforeAll(async () => {
    database = await openTestPglite();
    db = database.db;
    const passwordHash = await hashPassword(PASSWORD);
    fleet = await createFleet(db, { rutBody: 35_000_000, company: 'Taxis Repetición', passwordHash, driverNames: ['Ana'], platePrefix: 'REPE' });
    const other = await createFleet(db, { rutBody: 36_000_000, company: 'Taxis Ajenos', passwordHash, driverNames: ['Ciro'] });
    const end = new Date(START.getTime() + 3_600_000);
    [ids.own, ids.otherFleet] = await insertShifts(db, [
      { owner_id: fleet.ownerId, driver_id: fleet.drivers[0].id, vehicle_id: fleet.drivers[0].vehicle_id, start_time: START, end_time: end },
      { owner_id: other.ownerId, driver_id: other.drivers[0].id, start_time: START, end_time: end },
    ]);
    // 1 km north in 120 s (30 km/h), a wild fix 5 km away, then 300 s standing.
    const track = new SyntheticTrack(START).drive(1000, 0, 120).jump(5000).stand(300, 3);
    for (const shiftId of [ids.own, ids.otherFleet]) {
      const rows = track.points.map((point) => ({ shift_id: shiftId, latitude: point.latitude, longitude: point.longitude, recorded_at: new Date(point.time), speed: point.speed }));
      await db.insertInto('shift_locations').values(rows).execute();
    }
    const config = { ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }), host: '127.0.0.1', port: 0, simulator: false };
    server = await buildServer(config, { db, dbKind: database.kind, logger: false, backgroundPasses: { summaryBackfill: false } });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: fleet.ownerRut, password: PASSWORD }) });
    token = ((await login.json()) as { token: string }).token;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  async function get(path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  }

  it('answers the whole trail as columns, the GPS jump left out, a speed for each point', async () => {
    const { status, body } = await get(`/shifts/${ids.own}/replay`);
    expect(status).toBe(200);
    const replay = shiftReplaySchema.strict().parse(body);
    expect(replay).toMatchObject({ shift_id: ids.own, driver_name: 'Ana Prueba', plate_number: 'REPE10', shift_start: START.toISOString(), start_ms: START.getTime() });
    const n = replay.time_steps_ms.length;
    expect([replay.latitude_steps_e6.length, replay.longitude_steps_e6.length, replay.speeds_kmh.length]).toEqual([n, n, n]);
    const { times, latitudes, longitudes } = decodeTrailSteps(replay);
    expect(times[0]).toBe(START.getTime());
    expect(times.every((time, i) => i === 0 || time > times[i - 1])).toBe(true);
    // Back to the stored degrees, within the six decimals sent.
    expect(latitudes[0]).toBeCloseTo(-32.4516, 6);
    expect(longitudes.every((longitude) => longitude > -71.3 && longitude < -71.1)).toBe(true);
    // Nothing 5 km away: the jump was dropped.
    expect(Math.max(...latitudes)).toBeLessThan(-32.4516 + 0.02);
    // Driving at about 30 km/h, then standing.
    expect(replay.speeds_kmh[10]).toBeGreaterThan(25);
    expect(replay.speeds_kmh[10]).toBeLessThan(35);
    expect(replay.speeds_kmh[n - 1]).toBeLessThan(5);
  });

  it("another fleet's shift, an unknown one and a malformed id are the same Spanish 404", async () => {
    for (const id of [ids.otherFleet, 999_999, 'abc']) {
      expect(await get(`/shifts/${id}/replay`)).toEqual({ status: 404, body: { error: 'Turno no encontrado' } });
    }
  });

  it('where was everyone: the fleet own taxi with its driver, never the other fleet', async () => {
    const at = new Date(START.getTime() + 60_000).toISOString();
    const { status, body } = await get(`/positions/at?time=${encodeURIComponent(at)}&window_minutes=10`);
    expect(status).toBe(200);
    const answer = positionsAtResponseSchema.strict().parse(body);
    expect(answer).toMatchObject({ time: at, window_minutes: 10, count: 1 });
    expect(answer.positions.map((position) => [position.shift_id, position.driver_name, position.plate_number, position.recorded_at])).toEqual([[ids.own, 'Ana Prueba', 'REPE10', at]]);
  });

  it('a time before any shift finds nobody; a bad time or window is a Spanish 400', async () => {
    expect((await get(`/positions/at?time=2026-03-09T10:00:00Z`)).body).toMatchObject({ count: 0, positions: [], window_minutes: 30 });
    expect(await get('/positions/at?time=ayer')).toMatchObject({ status: 400, body: { error: expect.any(String), fields: { time: 'Fecha y hora inválidas' } } });
    expect(await get('/positions/at')).toMatchObject({ status: 400, body: { fields: { time: 'La fecha y hora son obligatorias' } } });
    expect(await get(`/positions/at?time=${START.toISOString()}&window_minutes=0`)).toMatchObject({ status: 400, body: { fields: { window_minutes: expect.stringContaining('Ventana inválida') } } });
  });

  it('an ended shift read again is the same trail; a late point shows at once, and after the pass packs it', async () => {
    const read = async () => shiftReplaySchema.parse((await get(`/shifts/${ids.own}/replay`)).body);
    const first = await read();
    expect(await read()).toEqual(first);
    const { times, latitudes, longitudes } = decodeTrailSteps(first);
    const n = times.length;
    const late = times[n - 1] + 5_000;
    await db.insertInto('shift_locations').values({ shift_id: ids.own, latitude: latitudes[n - 1], longitude: longitudes[n - 1], recorded_at: new Date(late) }).execute();
    const withLate = await read();
    expect(withLate.time_steps_ms).toHaveLength(n + 1);
    expect(decodeTrailSteps(withLate).times[n]).toBe(late);
    await packShift(db, ids.own);
    expect(await read()).toEqual(withLate);
  });
});
