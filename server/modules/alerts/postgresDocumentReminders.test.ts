/**
 * Vencimientos' reminders exactly once per threshold: two servers (each its own pool and sweep) on one
 * real PostgreSQL database look for due reminders every 50 ms, one of them is then replaced by a new
 * process-like server (fresh memory: it looks again at once), and the clock moves to each threshold.
 * A revisión técnica expiring in 5 days gets its 7-day, 1-day and same-day reminders, one each, in
 * the inbox. Needs TEST_DATABASE_URL (CI sets it; locally: scripts/pg-test-server.sh start).
 */
import type { Alert } from '../../../contract/alerts';
import { buildServer, type FlotaServer } from '../../app';
import { manualClock } from '../../platform/clock';
import { loadConfig, type Config } from '../../platform/config';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';
import { addDays, zonedDate, zonedTime } from '../../platform/timeZone';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, seedDemoFleet } from '../../tools/seed/demoFleet';
import { apiCall } from '../../tools/testing/http';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('alerts/postgresDocumentReminders.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;

type Started = FlotaServer & { url: string; db: OpenDatabase };
const TZ = 'America/Santiago';
// 10:00 in La Ligua today: past the fleet's reminder hour (09:00).
const today = zonedDate(new Date(), TZ);
const clock = manualClock(zonedTime(today, 10 * 60, TZ));

describeWithPostgres('document reminders across servers and a restart on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const servers: Started[] = [];
  let desk: string;
  let vehicleId: number;
  let plate: string;

  async function startServer(databaseUrl: string): Promise<Started> {
    const database = await openPostgres(databaseUrl);
    const config: Config = { ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }), databaseUrl, simulator: false };
    const server = await buildServer(config, { db: database.db, dbKind: 'postgres', logger: false, clock, backgroundPasses: { alertsSweep: { startDelayMs: 0, recheckMs: 50, dutyCycle: 1 }, summaryBackfill: false, trailPacking: false } });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as { port: number };
    return { ...server, url: `http://127.0.0.1:${port}`, db: database };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_reminders');
    const seeder = await openPostgres(scratch.url);
    await migrateToLatest(seeder.db);
    const { ownerId } = await seedDemoFleet(seeder.db, { now: new Date() });
    // No shift goes silent under the moved clock: only reminders are raised here.
    await seeder.db.updateTable('shifts').set({ end_time: new Date() }).where('end_time', 'is', null).execute();
    const vehicle = await seeder.db.selectFrom('vehicles').select(['id', 'plate_number']).where('owner_id', '=', ownerId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    vehicleId = vehicle.id;
    plate = vehicle.plate_number;
    await seeder.db
      .insertInto('documents')
      .values({ owner_id: ownerId, vehicle_id: vehicleId, kind: 'revision_tecnica', number: 'RT-1', issued_on: addDays(today, -175), expires_on: addDays(today, 5) })
      .execute();
    await seeder.close();
    servers.push(await startServer(scratch.url), await startServer(scratch.url));
    desk = (await apiCall(servers[0].url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } })).body.token;
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) {
      await server.close();
      await server.db.close();
    }
    await scratch?.drop();
  });

  async function titles(): Promise<string[]> {
    const answer = await apiCall(servers[servers.length - 1].url, '/api/alerts?kind=document_expiry', { token: desk });
    return (answer.body.alerts as Alert[]).filter((a) => a.vehicle?.id === vehicleId).reverse().map((a) => a.title);
  }
  async function settle(expected: string[]) {
    const until = Date.now() + 10_000;
    while (Date.now() < until && (await titles()).length < expected.length) await new Promise((resolve) => setTimeout(resolve, 50));
    // Many sweeps of both servers: a duplicate would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await titles()).toEqual(expected);
  }
  /** The clock to `hour`:00 local, `days` after today (a daylight-saving change in between moves UTC, not the hour). */
  const moveTo = (days: number, hour: number) => clock.advance(zonedTime(addDays(today, days), hour * 60, TZ).getTime() - clock.now().getTime());
  const date = (days: number) => addDays(today, days).split('-').reverse().join('/');

  it('raises the 7-day reminder once with two servers sweeping at once', async () => {
    await settle([`Revisión técnica del taxi ${plate} vence en 5 días (${date(5)})`]);
  });

  it('raises the 1-day reminder once at 09:00 four days later, not before', async () => {
    moveTo(4, 8); // 08:00 of the day before expiry
    await settle([`Revisión técnica del taxi ${plate} vence en 5 días (${date(5)})`]);
    moveTo(4, 10);
    await settle([`Revisión técnica del taxi ${plate} vence en 5 días (${date(5)})`, `Revisión técnica del taxi ${plate} vence mañana (${date(5)})`]);
  });

  it('adds nothing when a server restarts, and the same-day reminder once on the day', async () => {
    const [first] = servers.splice(0, 1);
    await first.close();
    await first.db.close();
    servers.push(await startServer(scratch.url));
    await settle([`Revisión técnica del taxi ${plate} vence en 5 días (${date(5)})`, `Revisión técnica del taxi ${plate} vence mañana (${date(5)})`]);
    moveTo(5, 10);
    await settle([
      `Revisión técnica del taxi ${plate} vence en 5 días (${date(5)})`,
      `Revisión técnica del taxi ${plate} vence mañana (${date(5)})`,
      `Revisión técnica del taxi ${plate} vence hoy (${date(5)})`,
    ]);
  });
});
