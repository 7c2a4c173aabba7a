/**
 * Accounts under real concurrency, on PostgreSQL (PGlite runs one query at a time): two desks send the
 * same payment with one idempotency key at once, and two processes' charge passes (two connection
 * pools) write the same day's cuotas for a fleet at once. Each is stored once.
 * Needs TEST_DATABASE_URL (CI sets it; locally: scripts/pg-test-server.sh start).
 */
import { sql } from 'kysely';
import { zonedDate, zonedTime } from '../../platform/timeZone';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { DEMO_DESK_USERS } from '../../tools/seed/demoDesk';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { chargeFleet } from './index';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('postgresAccounts.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;
const TZ = 'America/Santiago';

describeWithPostgres('accounts on PostgreSQL, concurrently', () => {
  let scratch: ScratchDatabase;
  let server: TestServer;
  let second: OpenDatabase;
  let operator: string;
  let admin: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_accounts');
    server = await startTestServer({ databaseUrl: scratch.url });
    second = await openPostgres(scratch.url);
    operator = await server.login(DEMO_DESK_USERS[1].rut);
    admin = await server.login(DEMO_DESK_USERS[0].rut);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await scratch?.drop();
  });

  it('two desks send the same payment with one key at once: one entry, both see it', async () => {
    const driver = await server.db.selectFrom('drivers').select('id').where('owner_id', '=', server.seed.ownerId).orderBy('id').executeTakeFirstOrThrow();
    const send = (token: string) =>
      fetch(`${server.url}/api/accounts/drivers/${driver.id}/entries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'mesa-doble-clic-1' },
        body: JSON.stringify({ kind: 'efectivo', amount: 20_000 }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const answers = await Promise.all([send(operator), send(admin), send(operator), send(admin)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.entry.id)).size).toBe(1);
    const stored = await server.db.selectFrom('account_entries').select(sql<number>`count(*)`.as('n')).where('idempotency_key', '=', 'desk:mesa-doble-clic-1').executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1);
    const activity = await server.db.selectFrom('activity_log').select(sql<number>`count(*)`.as('n')).where('entity', '=', 'account_entry').where('entity_id', '=', answers[0].body.entry.id).executeTakeFirstOrThrow();
    expect(Number(activity.n)).toBe(1);
  }, 60_000);

  it("two processes' passes write the day's cuotas for 20 drivers at once: each once", async () => {
    const ownerId = server.seed.ownerId;
    const today = zonedDate(new Date(), TZ);
    const drivers = await server.db.selectFrom('drivers').select('id').where('owner_id', '=', ownerId).where('deleted_at', 'is', null).where('is_active', '=', true).orderBy('id').limit(20).execute();
    expect(drivers).toHaveLength(20);
    await server.db
      .insertInto('account_terms')
      .values(drivers.map((driver) => ({ owner_id: ownerId, driver_id: driver.id, kind: 'diaria', amount: 20_000, effective_from: today, actor_name: 'Prueba' })))
      .execute();
    await server.db
      .insertInto('shifts')
      .values(drivers.map((driver) => ({ owner_id: ownerId, driver_id: driver.id, start_time: zonedTime(today, 0, TZ), end_time: zonedTime(today, 30, TZ) })))
      .execute();
    const run = { ownerId, today, timeZone: TZ, lookbackDays: 0 };
    const written = await Promise.all([chargeFleet(server.db, run), chargeFleet(second.db, run), chargeFleet(second.db, run), chargeFleet(server.db, run)]);
    expect(written.reduce((a, b) => a + b, 0)).toBe(20);
    const perDriver = await server.db
      .selectFrom('account_entries')
      .select(['driver_id', sql<number>`count(*)`.as('n'), sql<number>`sum(amount)`.as('total')])
      .where('period_key', '=', `dia:${today}`)
      .groupBy('driver_id')
      .execute();
    expect(perDriver).toHaveLength(20);
    expect(perDriver.every((row) => Number(row.n) === 1 && Number(row.total) === 20_000)).toBe(true);
  }, 60_000);
});
