/**
 * The demo fleet's accounts (issue 35), so an owner sees real balances on the first start: half the
 * drivers on a cuota diaria of $20.000, the other half on a cuota semanal of $100.000, both since a
 * month ago; the charge pass writes the month's cuotas from the seeded shifts, and the desk has taken
 * payments (mostly cash, some transfers) that leave most drivers al día, a few owing and two behind.
 * Relative to `now` and deterministic given the seed; a no-op without the demo fleet or when its
 * ledger has entries.
 */
import type { Kysely } from 'kysely';
import { chargeFleet } from '../../modules/accounts';
import type { Database } from '../../platform/db/schema';
import { addDays, zonedDate, zonedTime } from '../../platform/timeZone';
import { DEMO_OWNER_RUT, DEMO_SEED } from './demoFleet';
import { DEMO_DESK_USERS } from './demoDesk';
import { seededRandom } from './prng';

export const DEMO_ACCOUNT_DAYS = 30;

export async function seedDemoAccounts(db: Kysely<Database>, options: { now?: Date; timeZone?: string; seed?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? 'America/Santiago';
  const random = seededRandom((options.seed ?? DEMO_SEED) + 35);
  const owner = await db.selectFrom('owners').select(['id', 'first_name', 'last_name']).where('rut', '=', DEMO_OWNER_RUT).executeTakeFirst();
  if (!owner) return 0;
  if (await db.selectFrom('account_entries').select('id').where('owner_id', '=', owner.id).limit(1).executeTakeFirst()) return 0;
  const today = zonedDate(now, timeZone);
  const since = addDays(today, -DEMO_ACCOUNT_DAYS);
  const drivers = await db.selectFrom('drivers').select('id').where('owner_id', '=', owner.id).where('deleted_at', 'is', null).where('is_active', '=', true).orderBy('id').execute();
  if (!drivers.length) return 0;
  const ownerName = `${owner.first_name} ${owner.last_name}`;
  await db
    .insertInto('account_terms')
    .values(
      drivers.map((driver, i) => ({
        owner_id: owner.id,
        driver_id: driver.id,
        kind: i % 2 === 0 ? 'diaria' : 'semanal',
        amount: i % 2 === 0 ? 20_000 : 100_000,
        effective_from: since,
        actor_name: ownerName,
      })),
    )
    .execute();
  await chargeFleet(db, { ownerId: owner.id, today, timeZone, lookbackDays: DEMO_ACCOUNT_DAYS + 7 });

  // What each driver owes now, paid down by the desk over the month.
  const owed = await db
    .selectFrom('account_entries')
    .select(['driver_id', 'entry_date', 'amount'])
    .where('owner_id', '=', owner.id)
    .orderBy('entry_date')
    .execute();
  const desk = await db.selectFrom('desk_users').select(['id', 'first_name', 'last_name', 'role']).where('owner_id', '=', owner.id).where('rut', 'in', DEMO_DESK_USERS.map((user) => user.rut)).execute();
  const cashiers = desk.length ? desk : [{ id: owner.id, first_name: owner.first_name, last_name: owner.last_name, role: 'dueño' as const }];
  const payments = [];
  for (const [i, driver] of drivers.entries()) {
    // Every seventh driver has stopped paying for a week or more; the rest pay what they owe, now and then.
    const behind = i % 7 === 3;
    const charges = owed.filter((row) => row.driver_id === driver.id);
    let due = 0;
    let n = 0;
    for (let day = since; day < today; day = addDays(day, 1)) {
      due += charges.filter((row) => row.entry_date === day).reduce((sum, row) => sum + Number(row.amount), 0);
      const payday = i % 2 === 0 ? random.chance(0.6) : new Date(`${day}T00:00:00Z`).getUTCDay() === 6;
      if (due <= 0 || !payday || (behind && day > addDays(today, -10))) continue;
      const cashier = cashiers[random.int(0, cashiers.length - 1)];
      const transfer = random.chance(0.25);
      const amount = random.chance(0.15) ? Math.max(5_000, Math.round(due / 2 / 1000) * 1000) : due;
      n += 1;
      payments.push({
        owner_id: owner.id,
        driver_id: driver.id,
        kind: transfer ? 'transferencia' : 'efectivo',
        amount: -amount,
        entry_date: day,
        reference: transfer ? `TRF ${String(random.int(100_000, 999_999))}` : null,
        idempotency_key: `demo:${driver.id}:${n}`,
        actor_role: cashier.role,
        actor_id: cashier.id,
        actor_name: `${cashier.first_name} ${cashier.last_name}`,
        created_at: zonedTime(day, random.int(18 * 60, 21 * 60), timeZone),
      });
      due -= amount;
    }
  }
  for (let i = 0; i < payments.length; i += 500) await db.insertInto('account_entries').values(payments.slice(i, i + 500)).execute();
  return payments.length;
}
