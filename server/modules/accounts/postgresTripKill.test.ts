/**
 * A trip's end is one fact (issue 44): its Finalizado, its fare and the driver's charge commit
 * together or not at all. A real server process on PostgreSQL finishes a trip while the test holds a
 * lock on the ledger, so the finishing transaction waits at the charge, after its status and fare
 * are written; the process is killed there (SIGKILL). The database then holds neither the
 * Finalizado, nor the fare, nor the charge; a new process finishes the same trip and holds all three.
 * (Before, the fare was written after the status committed and the charge only by a later pass: the
 * same kill left a finished trip with neither.)
 * Needs TEST_DATABASE_URL (CI sets it; locally: scripts/pg-test-server.sh start).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import type { Database } from '../../platform/db/schema';
import { zonedDate } from '../../platform/timeZone';
import { DEMO_OWNER_RUT, DEMO_PASSWORD } from '../../tools/seed/demoFleet';
import { createBooking, freeDemoDrivers, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { freePort, startServerProcess, type ServerProcess } from '../../tools/testing/serverProcess';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('postgresTripKill.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;
const FARE = 4_350;


/** Polls until `check` holds, at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeWithPostgres("a trip's end and its charge across a kill -9", () => {
  let scratch: ScratchDatabase;
  let database: OpenDatabase;
  let db: Kysely<Database>;
  let dataDir: string;
  let server: ServerProcess | null = null;
  let taxi: TaxiOnShift;
  let bookingId: number;

  const start = async () => {
    server = await startServerProcess({
      port: await freePort(),
      env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url, JWT_SECRET: 'trip-kill-secret-0123456789-0123456789', DEMO_HISTORY: 'off' },
      readyTimeoutMs: 150_000,
    });
    return server;
  };
  /** The trip, its fare and the driver's porcentaje charges, as stored. */
  const stored = async () => ({
    booking: await db.selectFrom('bookings').select(['status', 'fare_pesos']).where('id', '=', bookingId).executeTakeFirstOrThrow(),
    charges: (await db.selectFrom('account_entries').select(['kind', 'amount']).where('driver_id', '=', taxi.driverId).where('period_key', '=', `tarifas:${taxi.shiftId}`).execute()).map(
      (entry) => ({ kind: entry.kind, amount: Number(entry.amount) }),
    ),
  });

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_trip_kill');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-trip-kill-'));
    const { url } = await start();
    database = await openPostgres(scratch.url);
    db = database.db;
    const login = await apiCall(url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } });
    const desk = login.body.token as string;
    const { id: ownerId } = await db.selectFrom('owners').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await apiCall(url, '/api/dispatch/fare-tariff', { token: desk, method: 'PUT', json: { enabled: true, flag_down: 450, step: 190 } })).status).toBe(200);
    const [driver] = await freeDemoDrivers(db, ownerId);
    const terms = { kind: 'porcentaje', amount: 10, effective_from: zonedDate(new Date(), 'America/Santiago') };
    expect((await apiCall(url, `/api/accounts/drivers/${driver.id}/terms`, { token: desk, json: terms })).status).toBe(201);
    taxi = await putOnShift(url, driver, 300);
    bookingId = await createBooking(url, desk);
    expect((await apiCall(url, `/api/dispatch/bookings/${bookingId}/assign`, { token: desk, json: { driver_id: taxi.driverId } })).status).toBe(200);
    for (const step of ['arrived', 'onboard']) expect((await apiCall(url, `/api/driver/trips/${bookingId}/${step}`, { token: taxi.token, json: {} })).status).toBe(200);
  }, 300_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await database?.close();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed between the trip’s end and its charge: neither is stored', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The ledger locked against inserts (reads still pass): Finalizar's transaction waits at the charge.
    const lock = db
      .transaction()
      .execute(async (trx) => {
        await sql`lock table account_entries in share row exclusive mode`.execute(trx);
        await held;
        throw new Error('released');
      })
      .catch(() => undefined);
    await until(async () => (await sql<{ n: number }>`select count(*)::int as n from pg_locks where relation = 'account_entries'::regclass and mode = 'ShareRowExclusiveLock' and granted`.execute(db)).rows[0].n > 0, 30_000);
    const url = (server as ServerProcess).url;
    const finishing = apiCall(url, `/api/driver/trips/${bookingId}/finish`, { token: taxi.token, json: { fare_pesos: FARE } }).catch(() => null);
    const waitingInsert = sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%insert into "account_entries"%'`;
    await until(async () => (await waitingInsert.execute(db)).rows[0].n > 0, 60_000);

    await (server as ServerProcess).kill('SIGKILL');
    release();
    await lock;
    await finishing;
    expect(await stored()).toEqual({ booking: { status: 'a_bordo', fare_pesos: null }, charges: [] });
  }, 120_000);

  it('a new process finishes the same trip: the Finalizado, its fare and the charge are stored together', async () => {
    const { url } = await start();
    expect((await apiCall(url, `/api/driver/trips/${bookingId}/finish`, { token: taxi.token, json: { fare_pesos: FARE } })).status).toBe(200);
    expect(await stored()).toEqual({ booking: { status: 'finalizado', fare_pesos: FARE }, charges: [{ kind: 'cuota', amount: 435 }] });
  }, 300_000);
});
