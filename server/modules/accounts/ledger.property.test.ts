/**
 * The ledger's property test (issue 35), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: random
 * sequences of terms, shifts (some moved to another day afterwards), payments (some retried with
 * their key), reversals, days passing and charge passes (run twice at once, as two processes would, and
 * again after a "restart"). After each sequence, at every day: the balance PostgreSQL sums equals the
 * charges minus the payments read entry by entry, no period holds more than one cuota, every period
 * holds its cuota or nothing, and each day and shift the terms make owing is charged.
 */
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { TermKind } from '../../../contract/accounts';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';
import type { Database } from '../../platform/db/schema';
import { addDays, zonedDate, zonedTime } from '../../platform/timeZone';

import { validRut } from '../../tools/testing/fleetFixtures';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { chargeFleet } from './chargePass';
import { balances, insertEntryOnce } from './ledgerRepo';
import { writeAccountSettings } from './settingsRepo';

const TZ = 'America/Santiago';
// Five weeks before the April clock change, so many sequences cross it.
const FIRST_DAY = '2026-03-20';

type Command =
  | { type: 'terms'; kind: TermKind; amount: number; inDays: number }
  | { type: 'shift'; daysAgo: number; hour: number }
  | { type: 'moveShift'; pick: number; days: number }
  | { type: 'pay'; amount: number; retry: boolean }
  | { type: 'reverse'; pick: number }
  | { type: 'days'; days: number }
  | { type: 'pass'; restart: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('terms' as const), kind: fc.constantFrom<TermKind>('diaria', 'semanal', 'por_turno'), amount: fc.integer({ min: 1, max: 200_000 }), inDays: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ type: fc.constant('shift' as const), daysAgo: fc.integer({ min: 0, max: 3 }), hour: fc.integer({ min: 0, max: 23 }) }),
  fc.record({ type: fc.constant('moveShift' as const), pick: fc.nat(), days: fc.integer({ min: -2, max: 2 }) }),
  fc.record({ type: fc.constant('pay' as const), amount: fc.integer({ min: 1, max: 300_000 }), retry: fc.boolean() }),
  fc.record({ type: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('days' as const), days: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ type: fc.constant('pass' as const), restart: fc.boolean() }),
);

function ledgerProperty(open: () => Promise<{ db: Kysely<Database>; close: () => Promise<void> }>, runs: number) {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let ownerId: number;
  let rut = 60_000_000;

  beforeAll(async () => {
    ({ db, close } = await open());
    const owner = await db
      .insertInto('owners')
      .values({ rut: validRut(59_999_999), rut_body: '59999999', password_hash: 'x', first_name: 'Prop', last_name: 'Test', email: 'p@example.cl', company_name: 'Propiedades', fleet_code: 'PROP01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ownerId = owner.id;
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('at every day the balance is the charges minus the payments, and nothing is charged twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), fc.boolean(), async (commands, idleDaysCharged) => {
        rut += 1;
        const driver = await db
          .insertInto('drivers')
          .values({ owner_id: ownerId, rut: validRut(rut), rut_body: String(rut), password_hash: 'x', first_name: 'Prop', last_name: String(rut) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAccountSettings(db, ownerId, { charge_days_without_shift: idleDaysCharged, behind_days_alert: 3 });
        let today = FIRST_DAY;
        const shiftIds: number[] = [];
        const paymentIds: number[] = [];
        let key = 0;
        const pass = () => chargeFleet(db, { ownerId, driverIds: [driver.id], today, timeZone: TZ, lookbackDays: 400 });
        for (const step of commands) {
          if (step.type === 'terms') {
            await db.insertInto('account_terms').values({ owner_id: ownerId, driver_id: driver.id, kind: step.kind, amount: step.amount, effective_from: addDays(today, step.inDays), actor_name: 'Prop' }).execute();
          } else if (step.type === 'shift') {
            const start = zonedTime(addDays(today, -step.daysAgo), step.hour * 60, TZ);
            const row = await db.insertInto('shifts').values({ owner_id: ownerId, driver_id: driver.id, start_time: start, end_time: new Date(start.getTime() + 3_600_000) }).returning('id').executeTakeFirstOrThrow();
            shiftIds.push(row.id);
          } else if (step.type === 'moveShift' && shiftIds.length) {
            const id = shiftIds[step.pick % shiftIds.length];
            await db.updateTable('shifts').set((eb) => ({ start_time: eb('start_time', '+', `${step.days} days` as never), end_time: eb('end_time', '+', `${step.days} days` as never) })).where('id', '=', id).execute();
          } else if (step.type === 'pay') {
            key += 1;
            const entry = { owner_id: ownerId, driver_id: driver.id, kind: 'efectivo', amount: -step.amount, entry_date: today, reason: null, reference: null, reverses_id: null, idempotency_key: `p:${driver.id}:${key}`, actor_role: 'dueño', actor_id: 1, actor_name: 'Prop' };
            const id = await insertEntryOnce(db, entry);
            if (step.retry) expect(await insertEntryOnce(db, entry)).toBeNull();
            if (id !== null) paymentIds.push(id);
          } else if (step.type === 'reverse') {
            const all = await db.selectFrom('account_entries').select(['id', 'amount', 'kind']).where('driver_id', '=', driver.id).where('kind', '!=', 'reversa').orderBy('id').execute();
            if (all.length) {
              const target = all[step.pick % all.length];
              const reversal = { owner_id: ownerId, driver_id: driver.id, kind: 'reversa', amount: -Number(target.amount), entry_date: today, reason: 'Prop', reference: null, reverses_id: Number(target.id), idempotency_key: `r:${target.id}`, actor_role: 'dueño', actor_id: 1, actor_name: 'Prop' };
              await insertEntryOnce(db, reversal);
              // A second reversal of the same entry, under another key, is refused by the database.
              expect(await insertEntryOnce(db, { ...reversal, idempotency_key: `r2:${target.id}` })).toBeNull();
            }
          } else if (step.type === 'days') {
            today = addDays(today, step.days);
          } else if (step.type === 'pass') {
            // Two passes at once (two processes), then, on a "restart", another from scratch.
            await Promise.all([pass(), pass()]);
            if (step.restart) await pass();
          }
        }
        await pass();

        const entries = await db.selectFrom('account_entries').select(['id', 'kind', 'amount', 'entry_date', 'period_key']).where('driver_id', '=', driver.id).orderBy('id').execute();
        // At every day from the first to today: PostgreSQL's balance = charges - payments, entry by entry.
        for (let day = FIRST_DAY; day <= today; day = addDays(day, 1)) {
          const upTo = entries.filter((entry) => entry.entry_date <= day);
          const charges = upTo.filter((entry) => Number(entry.amount) > 0).reduce((sum, entry) => sum + Number(entry.amount), 0);
          const payments = upTo.filter((entry) => Number(entry.amount) < 0).reduce((sum, entry) => sum - Number(entry.amount), 0);
          const [row] = await balances(db, ownerId, { driverId: driver.id, asOf: day });
          expect(row?.balance ?? 0).toBe(charges - payments);
        }
        // The balance kept by the trigger (what the screens read) is the sum of every entry, with the same reach.
        const [kept] = await balances(db, ownerId, { driverId: driver.id });
        const [summed] = await balances(db, ownerId, { driverId: driver.id, asOf: '2999-12-31' });
        expect(kept ?? null).toEqual(summed ?? null);
        // No period charged twice; each holds its cuota or nothing.
        const periods = new Map<string, { cuotas: number; base: number; total: number }>();
        for (const entry of entries.filter((e) => e.period_key)) {
          const period = periods.get(entry.period_key as string) ?? { cuotas: 0, base: 0, total: 0 };
          if (entry.kind === 'cuota') {
            period.cuotas += 1;
            period.base = Number(entry.amount);
          }
          period.total += Number(entry.amount);
          periods.set(entry.period_key as string, period);
        }
        for (const [periodKey, period] of periods) {
          expect({ periodKey, cuotas: period.cuotas }).toEqual({ periodKey, cuotas: 1 });
          expect([0, period.base]).toContain(period.total);
        }
        // What the terms make owing is charged: each day (diaria) and each shift (por_turno), as an independent reading of the rules.
        const terms = await db.selectFrom('account_terms').select(['id', 'kind', 'effective_from']).where('driver_id', '=', driver.id).orderBy('effective_from').orderBy('id').execute();
        const kindOn = (day: string) => terms.filter((t) => t.effective_from <= day).at(-1)?.kind;
        const shifts = await db.selectFrom('shifts').select(['id', 'start_time']).where('driver_id', '=', driver.id).execute();
        const worked = new Set(shifts.map((shift) => zonedDate(shift.start_time, TZ)));
        for (let day = FIRST_DAY; day <= today; day = addDays(day, 1)) {
          const owing = kindOn(day) === 'diaria' && (idleDaysCharged || worked.has(day));
          const held = periods.get(`dia:${day}`);
          // A day charged under diaria stays charged when later terms change the kind (a change never rewrites the past).
          if (owing) expect({ day, charged: (held?.total ?? 0) > 0 }).toEqual({ day, charged: true });
          if (!owing && kindOn(day) === 'diaria') expect({ day, total: held?.total ?? 0 }).toEqual({ day, total: 0 });
        }
        for (const shift of shifts) {
          const day = zonedDate(shift.start_time, TZ);
          if (day >= FIRST_DAY && day <= today && kindOn(day) === 'por_turno') expect((periods.get(`turno:${shift.id}`)?.total ?? 0) > 0).toBe(true);
        }
      }),
      { numRuns: runs, seed: Number(process.env.FC_SEED ?? Date.now() % 100_000), endOnFailure: true },
    );
  }, 600_000);
}

describe('the ledger on PGlite', () => {
  ledgerProperty(async () => {
    const database: OpenDatabase = await openTestPglite();
    return { db: database.db, close: () => database.close() };
  }, 30);
});

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('ledger.property.test.ts: the PostgreSQL half is skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
(adminUrl ? describe : describe.skip)('the ledger on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  ledgerProperty(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_ledger');
    const database = await openPostgres(scratch.url);
    await migrateToLatest(database.db);
    return {
      db: database.db,
      close: async () => {
        await database.close();
        await scratch.drop();
      },
    };
  }, 30);
});
