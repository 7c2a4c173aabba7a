/**
 * A real listening server on 127.0.0.1 with a fresh in-memory PGlite (a copy of the run's migrated
 * template, pgliteTemplate.ts), seeded with the demo fleet at the current time. Start one per test
 * file (beforeAll/afterAll), not per test: a PGlite copy still takes about a second and 700 MB.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginResponse } from '../../../contract/api';
import { buildServer, type RegisteredRoute, type ServerDeps } from '../../app';
import { hashPassword } from '../../modules/identity/passwords';
import { loadConfig, type Config } from '../../platform/config';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';
import type { Database } from '../../platform/db/schema';
import type { FlotaSocketServer } from '../../platform/realtime/socketServer';
import type { AccessRules } from '../../platform/routeSpec';
import { insertOwner } from '../../modules/identity/ownersRepo';
import { ensureDemoDesk } from '../seed/demoDesk';
import { openTestPglite } from './pgliteTemplate';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, seedDemoFleet, type SeedResult } from '../seed/demoFleet';

export const TEST_JWT_SECRET = 'test-secret-0123456789-0123456789-abcdef';

export interface TestServer {
  url: string;
  db: Kysely<Database>;
  app: FastifyInstance;
  io: FlotaSocketServer;
  routes: RegisteredRoute[];
  /** Who may call each /api route, as the routes declared it. */
  access: AccessRules;
  config: Config;
  seed: SeedResult;
  /** With `osmandPort` set (0: any free port): where the OSMAND_PORT listener answers. */
  osmandUrl: string | null;
  login(rut?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<Config> = {}, deps: Pick<ServerDeps, 'loginLimits' | 'modules' | 'clock'> = {}): Promise<TestServer> {
  const config: Config = {
    ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }),
    host: '127.0.0.1',
    port: 0,
    simulator: false,
    ...overrides,
  };
  // databaseUrl set (a scratch database): the same server on PostgreSQL; otherwise in-memory PGlite.
  const database: OpenDatabase = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openTestPglite();
  // The PostgreSQL scratch database starts empty; the PGlite copy is already migrated (a no-op
  // migrateToLatest still reads the catalogue: 0.5-3 s per file on this machine).
  if (database.kind === 'postgres') await migrateToLatest(database.db);
  const seed = await seedDemoFleet(database.db, { now: new Date() });
  await ensureDemoDesk(database.db);
  // No background pass (summaries over the demo history, trail packing): tests about them start their own server.
  const server = await buildServer(config, { db: database.db, dbKind: database.kind, logger: false, backgroundPasses: false, ...deps }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  let osmandUrl: string | null = null;
  const osmand = server.sideListeners.find((listener) => listener.name === 'osmand');
  if (osmand) {
    await osmand.app.listen({ host: '127.0.0.1', port: osmand.port });
    osmandUrl = `http://127.0.0.1:${(osmand.app.server.address() as { port: number }).port}`;
  }

  return {
    url,
    db: database.db,
    app: server.app,
    io: server.io,
    routes: server.routes,
    access: server.access,
    config,
    seed,
    osmandUrl,
    async login(rut = DEMO_OWNER_RUT, password = DEMO_PASSWORD) {
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rut, password }),
      });
      if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as LoginResponse).token;
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
}

export const SECOND_OWNER = {
  rut: '111111111',
  password: 'otra-clave-123',
  driverRut: '222222222',
  plate: 'ZZ9999',
  driverFirstName: 'Intruso',
} as const;

/** Another owner with one driver (on an active shift) and one vehicle: scoping tests look for them. */
export async function createSecondOwner(db: Kysely<Database>): Promise<{ ownerId: number; fleetCode: string; driverId: number; vehicleId: number }> {
  const passwordHash = await hashPassword(SECOND_OWNER.password);
  const owner = await insertOwner(db, {
    rut: SECOND_OWNER.rut,
    passwordHash,
    first_name: 'Otra',
    last_name: 'Dueña',
    email: 'otra@example.cl',
    company_name: 'Radiotaxis Otra',
  });
  const vehicle = await db
    .insertInto('vehicles')
    .values({ owner_id: owner.id, plate_number: SECOND_OWNER.plate, model: 'Kia Rio', color: 'Negro', year: 2020 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const driver = await db
    .insertInto('drivers')
    .values({
      owner_id: owner.id,
      rut: SECOND_OWNER.driverRut,
      rut_body: SECOND_OWNER.driverRut.slice(0, -1),
      password_hash: passwordHash,
      first_name: SECOND_OWNER.driverFirstName,
      last_name: 'Ajeno',
      current_vehicle_id: vehicle.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('shifts')
    .values({ owner_id: owner.id, driver_id: driver.id, vehicle_id: vehicle.id, start_time: new Date(), latitude: -33.45, longitude: -70.66, last_location_time: new Date() })
    .execute();
  return { ownerId: owner.id, fleetCode: owner.fleet_code, driverId: driver.id, vehicleId: vehicle.id };
}
