/**
 * No start-up pass rewrites a real trail (issue 32, defect 2): a driver of the demo fleet works a
 * short real shift through the driver API (a few points) and ends it; then every pass a start runs
 * (the demo history, trail packing with retention, the summary backfill) runs twice over the same
 * database, as two restarts would. The shift's points, read through the API, stay byte-identical.
 * On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import Fastify from 'fastify';
import { startDemoHistory } from '../../tools/seed/demoHistory';
import { apiCall, driverLogin } from '../../tools/testing/http';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { createSummaryBackfill } from '../reports';
import { createTrailPackPass } from './packed/trailPackPass';

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('a real short shift of the demo fleet on %s', (kind) => {
  let server: TestServer;
  let scratch: ScratchDatabase | null = null;
  let ownerToken: string;

  beforeAll(async () => {
    if (kind === 'postgres') scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'flota_real_trail');
    server = await startTestServer(scratch ? { databaseUrl: scratch.url } : {});
    ownerToken = await server.login();
    // The demo's last three days are enough here (its 30 days of ~500 shifts took minutes to pack on
    // PostgreSQL); then its first start already behind it (packed and summed up once), so each
    // restart below does what a restart does: the new work only.
    const old = (await server.db.selectFrom('shifts').select('id').where('end_time', '<', new Date(Date.now() - 3 * 86_400_000)).execute()).map((shift) => shift.id);
    if (old.length) {
      await server.db.deleteFrom('shift_locations').where('shift_id', 'in', old).execute();
      await server.db.deleteFrom('shifts').where('id', 'in', old).execute();
    }
    await startUpPasses();
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
  });

  /** What a restart runs over the database before and after it listens (server/index.ts, the modules' passes). */
  async function startUpPasses() {
    const log = Fastify({ logger: false }).log;
    // Full speed: the passes' pacing (a small share of the time beside the ingest) is not what is tested.
    // Newest ended shifts first: the real one, ended a moment ago, is the first a limited pass looks at.
    await startDemoHistory(server.db, { limit: 5, pauseMs: 0 }).done;
    const packing = createTrailPackPass(server.db, log, { trailDays: 30, activityDays: 30 }, { afterEndMs: 0, dutyCycle: 1 });
    await packing.runOnce();
    await packing.stop();
    const backfill = createSummaryBackfill(server.db, log, { dutyCycle: 1 });
    await backfill.runOnce();
    await backfill.stop();
  }

  const filledSeeded = async () => (await server.db.selectFrom('seeded_shifts').select('shift_id').where('trail_pending', '=', false).execute()).length;

  async function trail(shiftId: number): Promise<string> {
    const { status, body } = await apiCall(server.url, `/api/shifts/${shiftId}/locations`, { token: ownerToken });
    expect(status).toBe(200);
    return JSON.stringify(body.locations);
  }

  it('keeps its points byte-identical across two restarts', async () => {
    const busy = new Set((await server.db.selectFrom('shifts').select('driver_id').where('end_time', 'is', null).execute()).map((s) => s.driver_id));
    const driver = await server.db
      .selectFrom('drivers')
      .select(['id', 'rut'])
      .where('owner_id', '=', server.seed.ownerId)
      .where('is_active', '=', true)
      .where('current_vehicle_id', 'is not', null)
      .orderBy('id')
      .execute()
      .then((drivers) => drivers.find((d) => !busy.has(d.id)));
    if (!driver) throw new Error('no free demo driver');
    const { token } = await driverLogin(server.url, driver.rut);
    const started = await apiCall(server.url, '/api/driver/shifts/start', { token, json: {} });
    expect(started.status).toBe(200);
    const shiftId = started.body.shift.id as number;
    // Five real fixes in Santiago, as a phone sends them (the shift is a second old).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const t0 = Date.now() - 900;
    const locations = [0, 1, 2, 3, 4].map((i) => ({ latitude: -33.4372 + i * 0.0003, longitude: -70.6506 - i * 0.0002, timestamp: new Date(t0 + i * 150).toISOString(), speed: 8.5, heading: 90 }));
    const sent = await apiCall(server.url, '/api/driver/locations', { token, json: { locations } });
    expect(sent).toEqual({ status: 202, body: { accepted: 5 } });
    expect((await apiCall(server.url, '/api/driver/shifts/end', { token, json: {} })).status).toBe(200);

    const filledBefore = await filledSeeded();
    const before = await trail(shiftId);
    expect(JSON.parse(before)).toHaveLength(5);
    expect(JSON.parse(before)[0]).toMatchObject({ latitude: -33.4372, longitude: -70.6506 });

    for (let restart = 1; restart <= 2; restart++) {
      await startUpPasses();
      expect({ restart, points: await trail(shiftId) }).toEqual({ restart, points: before });
    }
    // The passes did run: five more of the seeder's own shifts got their full trails at each restart.
    expect((await filledSeeded()) - filledBefore).toBe(10);
  }, 300_000);
});
