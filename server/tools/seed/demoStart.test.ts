/**
 * A data folder from before fleet codes (migrations up to 0003, the old shape seeded), upgraded:
 * the banner and the simulator get the code migration 0004 gave the demo fleet, read from the
 * database, and the simulator signs in only drivers whose password is still the demo one, so its
 * logins all succeed and the login throttle counts none of them.
 */
import { Migrator, type Kysely } from 'kysely';
import { storedRutBody } from '../../../contract/rut';
import { buildServer, type FlotaServer } from '../../app';
import { hashPassword } from '../../modules/identity/passwords';
import { loadConfig } from '../../platform/config';
import type { OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../testing/pgliteTemplate';
import { migrateToLatest } from '../../platform/db/migrate';
import { migrations } from '../../platform/db/migrations';
import type { Database } from '../../platform/db/schema';
import { readyBanner } from '../../index';
import { startSimulator } from '../simulator/runner';
import { TEST_JWT_SECRET } from '../testing/testServer';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, demoDriverRuts } from './demoFleet';
import { demoStart } from './demoStart';

let database: OpenDatabase;
let server: FlotaServer | null = null;

/** The schema and rows of a data folder written before migration 0004 (no fleet codes). */
async function oldDataFolder(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo('0003_ingest_points');
  if (error) throw error;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const old = db as unknown as Kysely<any>;
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const owner = await old
    .insertInto('owners')
    .values({ rut: DEMO_OWNER_RUT, rut_body: storedRutBody(DEMO_OWNER_RUT), password_hash: demoHash, first_name: 'Carolina', last_name: 'Muñoz', email: 'c@example.cl', company_name: 'Taxis La Ligua' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ruts = demoDriverRuts().slice(0, 3);
  for (const [i, rut] of ruts.entries()) {
    const vehicle = await old.insertInto('vehicles').values({ owner_id: owner.id, plate_number: `OLDX${10 + i}`, model: 'Toyota Yaris' }).returning('id').executeTakeFirstOrThrow();
    // The third changed their password: the simulator must leave them alone.
    const passwordHash = i === 2 ? await hashPassword('otra-clave-propia') : demoHash;
    await old.insertInto('drivers').values({ owner_id: owner.id, rut, rut_body: storedRutBody(rut), password_hash: passwordHash, first_name: 'Demo', last_name: `Antiguo ${i}`, current_vehicle_id: vehicle.id }).execute();
  }
  return ruts;
}

beforeAll(async () => {
  database = await openTestPglite('empty');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

it('an upgraded demo fleet: the banner shows its real code and the simulator signs in with it, no failed login', async () => {
  const ruts = await oldDataFolder(database.db);
  await migrateToLatest(database.db);
  const stored = await database.db.selectFrom('owners').select('fleet_code').where('rut', '=', DEMO_OWNER_RUT).executeTakeFirstOrThrow();
  expect(stored.fleet_code).not.toBe('LIGUA1');

  const demo = await demoStart(database.db);
  expect(demo).toEqual({ fleetCode: stored.fleet_code, ruts: ruts.slice(0, 2) });
  expect(readyBanner({ host: '127.0.0.1', port: 8080, demoFleetCode: demo?.fleetCode ?? null })).toContain(`código de flota (conductores) ${stored.fleet_code}`);

  const config = { ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }), host: '127.0.0.1', port: 0, simulator: false };
  // One failure per address and account would be noticed: a throttle that allows none.
  const strict = { perAddressAndAccount: { max: 1, windowMs: 60_000 }, perAccount: { max: 1, windowMs: 60_000 }, perAddress: { max: 1, windowMs: 60_000 } };
  server = await buildServer(config, { db: database.db, dbKind: database.kind, logger: false, loginLimits: strict });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const lines: string[] = [];
  const simulator = startSimulator({ url, fleetCode: demo!.fleetCode, ruts: demo!.ruts, password: DEMO_PASSWORD, rate: 1, log: (line) => lines.push(line), onShiftShare: [1, 1] });
  try {
    expect(await simulator.ready).toBe(2);
    expect(lines.filter((line) => line.includes('no se pudo ingresar'))).toEqual([]);
  } finally {
    await simulator.stop();
  }
  // Had any of its logins failed, the strict throttle would now refuse this address.
  const again = await fetch(`${url}/api/driver/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fleet_code: demo!.fleetCode, rut: ruts[0], password: DEMO_PASSWORD }) });
  expect(again.status).toBe(200);
}, 120_000);
