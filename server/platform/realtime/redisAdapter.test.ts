/**
 * REDIS_URL: two servers on one PostgreSQL whose socket.io rooms span them through the Redis Streams
 * adapter (a redis-server of the test's own): a shift started and a location posted on server A
 * reach the owner's socket on server B, and a restart of Redis loses neither what follows nor the
 * desk's connection. Needs TEST_DATABASE_URL (scripts/pg-test-server.sh start) and Debian's
 * redis-server (.ci/run installs it).
 */
import type { LocationUpdate } from '../../../contract/entities';
import { buildServer, type FlotaServer } from '../../app';
import { loadConfig, type Config } from '../config';
import { openPostgres, type OpenDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, seedDemoFleet } from '../../tools/seed/demoFleet';
import { freeDemoDrivers } from '../../tools/testing/dispatchFixtures';
import { apiCall, driverLogin } from '../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../tools/testing/ownerSocket';
import { startOwnRedis, type OwnRedis } from '../../tools/testing/ownRedis';
import { waitForPeers } from '../../tools/testing/peers';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.warn('redisAdapter.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
}
const describeWithPostgres = adminUrl ? describe : describe.skip;

describeWithPostgres('socket.io rooms across two servers through Redis (REDIS_URL)', () => {
  let scratch: ScratchDatabase;
  let redis: OwnRedis;
  const databases: OpenDatabase[] = [];
  const servers: (FlotaServer & { url: string })[] = [];
  let socket: OwnerSocket | null = null;
  let ownerId: number;

  async function startServer() {
    const database = await openPostgres(scratch.url);
    databases.push(database);
    const config: Config = {
      ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist', DATABASE_URL: scratch.url, REDIS_URL: redis.url }),
      simulator: false,
    };
    const server = await buildServer(config, { db: database.db, dbKind: 'postgres', logger: false, backgroundPasses: false });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as { port: number };
    const started = { ...server, url: `http://127.0.0.1:${port}` };
    servers.push(started);
    return started;
  }

  beforeAll(async () => {
    redis = await startOwnRedis();
    scratch = await createScratchDatabase(adminUrl as string, 'flota_redis');
    const seeder = await openPostgres(scratch.url);
    await migrateToLatest(seeder.db);
    ownerId = (await seedDemoFleet(seeder.db, { now: new Date() })).ownerId;
    await seeder.db.updateTable('shifts').set({ end_time: new Date() }).where('end_time', 'is', null).execute();
    await seeder.close();
    await startServer();
    await startServer();
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    for (const server of servers) await server.close();
    for (const database of databases) await database.close();
    await redis?.stop();
    await scratch?.drop();
  });

  it('delivers a shift started and a location posted on server A to the owner’s socket on server B', async () => {
    const [a, b] = servers;
    // Each adapter counts the processes subscribed to its channel.
    expect(await waitForPeers(servers)).toEqual([2, 2]);

    const login = await apiCall(b.url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } });
    socket = await openOwnerSocket(b.url, { token: login.body.token });
    expect(await socket.join(ownerId)).toEqual({ ok: true });

    const [driver] = await freeDemoDrivers(databases[0].db, ownerId);
    const { token } = await driverLogin(a.url, driver.rut);
    const started = await apiCall(a.url, '/api/driver/shifts/start', { token, json: {} });
    expect(started.status).toBe(200);
    await socket.waitFor((e) => e.event === 'shift_started' && (e.payload as { shift: { id: number } }).shift.id === started.body.shift.id, 10_000);

    const timestamp = new Date().toISOString();
    const posted = await apiCall(a.url, '/api/driver/locations', { token, json: { locations: [{ latitude: -32.45, longitude: -71.22, timestamp }] } });
    expect(posted.status).toBe(202);
    const update = await socket.waitFor((e) => e.event === 'location_update', 10_000);
    expect(update.payload as LocationUpdate).toEqual({ shift_id: started.body.shift.id, latitude: -32.45, longitude: -71.22, timestamp });
  }, 60_000);

  it('keeps delivering after Redis restarts', async () => {
    const [a] = servers;
    const port = Number(new URL(redis.url).port);
    await redis.stop();
    redis = await startOwnRedis(port);
    const [driver] = await freeDemoDrivers(databases[0].db, ownerId);
    const { token } = await driverLogin(a.url, driver.rut);
    const started = await apiCall(a.url, '/api/driver/shifts/start', { token, json: {} });
    expect(started.status).toBe(200);
    // node-redis reconnects by itself; what is published meanwhile waits in its offline queue.
    await (socket as OwnerSocket).waitFor((e) => e.event === 'shift_started' && (e.payload as { shift: { id: number } }).shift.id === started.body.shift.id, 20_000);
  }, 60_000);
});
