/**
 * The double-assignment race on a real PostgreSQL server, where requests run truly concurrently
 * (PGlite runs one query at a time): many dispatchers at once, one taxi on many bookings and one
 * booking on many taxis; PostgreSQL's row locks and the partial unique index let exactly one win.
 * Needs TEST_DATABASE_URL (CI sets it; locally: scripts/pg-test-server.sh start).
 */
import { sql } from 'kysely';
import { DISPATCH_DEFAULTS } from './settings';
import { createBooking, freeDemoDrivers, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('postgresRace.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;

describeWithPostgres('assignment races on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let server: TestServer;
  let desk: string;
  const taxis: TaxiOnShift[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_dispatch');
    server = await startTestServer({ databaseUrl: scratch.url, dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 60_000 } });
    desk = await server.login();
    const free = await freeDemoDrivers(server.db, server.seed.ownerId);
    for (let i = 0; i < 6; i += 1) taxis.push(await putOnShift(server.url, free[i], 200 * (i + 1)));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
  });

  const assign = (id: number, driverId: number) => apiCall(server.url, `/api/dispatch/bookings/${id}/assign`, { token: desk, json: { driver_id: driverId } });

  it('one taxi asked for by 8 bookings at once: one 200, seven Spanish 409s', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => createBooking(server.url, desk)));
    const results = await Promise.all(ids.map((id) => assign(id, taxis[0].driverId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(7).fill('Ese taxi ya tiene un viaje en curso'));
  }, 60_000);

  it('one booking given to 5 taxis at once: one taxi gets it, the others stay Libre', async () => {
    const id = await createBooking(server.url, desk);
    const results = await Promise.all(taxis.slice(1).map((t) => assign(id, t.driverId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(4).fill('La reserva ya tiene un taxi asignado'));
    const busy = await server.db.selectFrom('shift_availability').select('shift_id').where('availability', '=', 'ocupado').execute();
    expect(busy).toHaveLength(2);
  }, 60_000);

  it('4 dispatchers × 12 bookings against 4 free taxis: never a taxi on two trips nor a trip on two taxis', async () => {
    // The taxis no trip holds: test 2's winner was any of taxis 1–5.
    const onTrips = await server.db.selectFrom('bookings').select('driver_id').where('status', 'in', ['asignado', 'en_camino', 'en_el_lugar', 'a_bordo']).execute();
    const free = taxis.filter((taxi) => !onTrips.some((row) => row.driver_id === taxi.driverId));
    expect(free).toHaveLength(4);
    const work = Array.from({ length: 4 }, async (_d, dispatcher) => {
      const outcomes: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const id = await createBooking(server.url, desk);
        outcomes.push((await assign(id, free[(i + dispatcher) % free.length].driverId)).status);
      }
      return outcomes;
    });
    const statuses = (await Promise.all(work)).flat();
    expect(statuses.filter((s) => s === 200)).toHaveLength(free.length);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const { rows } = await sql<{ doubles: number }>`select count(*)::int as doubles from (
        select driver_id from bookings where status in ('asignado', 'en_camino', 'en_el_lugar', 'a_bordo') group by driver_id having count(*) > 1) t`.execute(server.db);
    expect(rows[0].doubles).toBe(0);
  }, 120_000);
});
