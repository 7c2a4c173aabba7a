/**
 * Two server processes' worth (two buildServer instances, each with its own pool) on one real
 * PostgreSQL database: a location posted to server A reaches an owner's socket on server B through
 * the socket.io PostgreSQL adapter, also after its LISTEN connections were ended. Needs
 * TEST_DATABASE_URL (scripts/pg-test-server.sh start).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { LocationUpdate } from '../../../contract/entities';
import { buildServer, type FlotaServer } from '../../app';
import { loadConfig, type Config } from '../config';
import { openPostgres, type OpenDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { DEFAULT_LIMITS } from '../edge/loginThrottle';
import { DEMO_FLEET_CODE, DEMO_OWNER_RUT, DEMO_PASSWORD, demoDriverRuts, seedDemoFleet } from '../../tools/seed/demoFleet';
import { apiCall, driverLogin } from '../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../tools/testing/ownerSocket';
import { waitForPeers } from '../../tools/testing/peers';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.warn('postgresAdapter.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
}
const describeWithPostgres = adminUrl ? describe : describe.skip;

describeWithPostgres('socket.io rooms across two servers on PostgreSQL', () => {
  const dbName = `flota_adapter_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let admin: OpenDatabase;
  const databases: OpenDatabase[] = [];
  const servers: (FlotaServer & { url: string })[] = [];
  let socket: OwnerSocket | null = null;
  let ownerId: number;

  async function startServer(databaseUrl: string) {
    const database = await openPostgres(databaseUrl);
    databases.push(database);
    const config: Config = {
      ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }),
      databaseUrl,
      simulator: false,
    };
    const server = await buildServer(config, { db: database.db, dbKind: 'postgres', logger: false });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as { port: number };
    const started = { ...server, url: `http://127.0.0.1:${port}` };
    servers.push(started);
    return started;
  }

  beforeAll(async () => {
    admin = await openPostgres(adminUrl as string);
    await sql`create database ${sql.id(dbName)}`.execute(admin.db);
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    const seeder = await openPostgres(url.toString());
    await migrateToLatest(seeder.db);
    ownerId = (await seedDemoFleet(seeder.db, { now: new Date() })).ownerId;
    await seeder.close();
    await startServer(url.toString());
    await startServer(url.toString());
  }, 60_000);

  afterAll(async () => {
    socket?.close();
    for (const server of servers) await server.close();
    for (const database of databases) await database.close();
    if (admin) {
      await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin.db);
      await admin.close();
    }
  });

  it('delivers a location posted to server A to the owner’s socket on server B', async () => {
    const [a, b] = servers;
    // Both adapters listen once each has heard the other's heartbeat (bounded wait).
    expect(await waitForPeers(servers)).toEqual([2, 2]);

    const login = await apiCall(b.url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } });
    socket = await openOwnerSocket(b.url, { token: login.body.token });
    expect(await socket.join(ownerId)).toEqual({ ok: true });

    const seedDb = databases[0].db;
    const free = await seedDb
      .selectFrom('drivers as d')
      .select('d.rut')
      .where('d.owner_id', '=', ownerId)
      .where('d.is_active', '=', true)
      .where('d.current_vehicle_id', 'is not', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('shifts as s').select('s.id').whereRef('s.driver_id', '=', 'd.id').where('s.end_time', 'is', null))))
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const { token } = await driverLogin(a.url, free.rut);
    const started = await apiCall(a.url, '/api/driver/shifts/start', { token, json: {} });
    expect(started.status).toBe(200);
    await socket.waitFor((e) => e.event === 'shift_started');

    const timestamp = new Date().toISOString();
    const posted = await apiCall(a.url, '/api/driver/locations', { token, json: { locations: [{ latitude: -32.45, longitude: -71.22, timestamp }] } });
    expect(posted.status).toBe(202);
    const update = await socket.waitFor((e) => e.event === 'location_update');
    expect(update.payload as LocationUpdate).toEqual({ shift_id: started.body.shift.id, latitude: -32.45, longitude: -71.22, timestamp });
  }, 20_000);

  it('shares the login throttle between the servers: failures on A count on B', async () => {
    const [a, b] = servers;
    const rut = demoDriverRuts()[3];
    const attempt = (url: string, password: string) => apiCall(url, '/api/driver/login', { json: { fleet_code: DEMO_FLEET_CODE, rut, password } });
    for (let i = 0; i < DEFAULT_LIMITS.perAddressAndAccount.max; i += 1) expect((await attempt(a.url, 'adivinanza')).status).toBe(401);
    expect(await attempt(b.url, DEMO_PASSWORD)).toMatchObject({ status: 429, body: { error: 'Demasiados intentos. Espera unos minutos e intenta nuevamente.' } });
    const rows = await databases[0].db.selectFrom('login_limits').select(['key', 'hits']).execute();
    expect(rows.some((row) => row.key.includes(rut.slice(0, -1)) && row.hits === DEFAULT_LIMITS.perAddressAndAccount.max)).toBe(true);
  }, 20_000);

  it('a desk user deactivated on server A hears no fleet event on server B once the revoking request answers', async () => {
    const [a, b] = servers;
    const owner = await apiCall(a.url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } });
    const rut = '41.000.001-6';
    const created = await apiCall(a.url, '/api/users', {
      token: owner.body.token,
      json: { rut, password: 'clave-segura', first_name: 'Ana', last_name: 'Revocada', email: 'ana.revocada@example.cl', role: 'administrador' },
    });
    expect(created.status).toBe(201);
    const admin = await apiCall(b.url, '/api/auth/login', { json: { rut, password: 'clave-segura' } });
    const revoked = await openOwnerSocket(b.url, { token: admin.body.token });
    try {
      expect(await revoked.join(ownerId)).toEqual({ ok: true });

      // Four drivers keep posting to server A while the Dueño deactivates the account on server A.
      let posting = true;
      let sent = 0;
      const posters = demoDriverRuts()
        .slice(5, 9)
        .map(async (driverRut, lane) => {
          const { token } = await driverLogin(a.url, driverRut);
          await apiCall(a.url, '/api/driver/shifts/start', { token, json: {} });
          for (let point = 1; posting && point < 300; point += 1) {
            sent += 1;
            const timestamp = new Date(Date.now() + point).toISOString();
            await apiCall(a.url, '/api/driver/locations', { token, json: { locations: [{ latitude: -32.45 + lane * 1e-3 + point * 1e-5, longitude: -71.22, timestamp }] } });
          }
        });
      await revoked.waitFor((e) => e.event === 'location_update');

      const deactivated = await apiCall(a.url, `/api/users/${created.body.user.id}`, {
        method: 'PUT',
        token: owner.body.token,
        json: { first_name: 'Ana', last_name: 'Revocada', email: 'ana.revocada@example.cl', role: 'administrador', is_active: false },
      });
      expect(deactivated.status).toBe(200);
      const heardBefore = revoked.events.length;
      const sentAtRevocation = sent;
      // The driver goes on posting for a while; none of it may reach the revoked map.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      posting = false;
      await Promise.all(posters);
      expect(sent).toBeGreaterThan(sentAtRevocation);
      expect(revoked.events.length - heardBefore).toBe(0);
      expect(revoked.socket.connected).toBe(false);
    } finally {
      revoked.close();
    }
  }, 30_000);

  it('survives its LISTEN connections being ended more times than its pool holds: each return resyncs the desks and carries events again', async () => {
    const [a, b] = servers;
    const owner = await apiCall(b.url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } });
    const desk = await openOwnerSocket(b.url, { token: owner.body.token });
    const killer = await openPostgres(adminUrl as string);
    try {
      expect(await desk.join(ownerId)).toEqual({ ok: true });
      const { token } = await driverLogin(a.url, demoDriverRuts()[12]);
      expect((await apiCall(a.url, '/api/driver/shifts/start', { token, json: {} })).status).toBe(200);
      // The adapter's pool holds 3 connections; a dead LISTEN client that never went back used to fill it for good.
      for (let round = 1; round <= 4; round += 1) {
        // Both servers listen (each comes back 1-3 s after its connection ended, on its own schedule).
        const listening = () => sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${dbName} and query = 'LISTEN "socket.io#/"'`.execute(killer.db);
        let listeners = (await listening()).rows;
        for (let wait = 0; wait < 80 && listeners.length < 2; wait += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          listeners = (await listening()).rows;
        }
        expect([round, listeners.length]).toEqual([round, 2]);
        const resyncs = desk.events.filter((e) => e.event === 'resync').length;
        for (const { pid } of listeners) await sql`select pg_terminate_backend(${pid})`.execute(killer.db);
        await desk.waitFor(() => desk.events.filter((e) => e.event === 'resync').length > resyncs, 8000);
        // B listens again: a point posted to A reaches B's desk (A's own LISTEN may come back a moment later: ask again).
        let heard = false;
        for (let attempt = 0; attempt < 40 && !heard; attempt += 1) {
          const timestamp = new Date().toISOString();
          expect((await apiCall(a.url, '/api/driver/locations', { token, json: { locations: [{ latitude: -32.45, longitude: -71.22, timestamp }] } })).status).toBe(202);
          await new Promise((resolve) => setTimeout(resolve, 200));
          heard = desk.events.some((e) => e.event === 'location_update' && (e.payload as LocationUpdate).timestamp === timestamp);
        }
        expect([round, heard]).toEqual([round, true]);
      }
    } finally {
      desk.close();
      await killer.close();
    }
  }, 90_000);
});
