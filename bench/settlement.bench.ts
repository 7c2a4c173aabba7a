/**
 * `npm run bench -- settlement` (issue 35): a fleet of 200 drivers with a year of daily cuotas and
 * weekly payments (~73,000 + ~10,400 entries), then
 * - the fleet's balances and days behind (GET /accounts/balances' query): median and p95 (target
 *   p95 ≤ 50 ms), alternated round by round with the former query shape (a window over each owing
 *   driver's last 120 charges), which must give the same answer: the same-run reference;
 * - a day's charges for 1,000 drivers with a cuota diaria and a shift that day (the charge pass), and
 *   the same pass again (nothing to write: the reconcile's reading cost).
 * On PGlite, and on PostgreSQL too when DATABASE_URL is set (a scratch database, dropped after).
 * The load average and a same-run CPU reference are printed beside the figures. Never fails on timing.
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { openPglite, openPostgres, type OpenDatabase } from '../server/platform/db/client';
import { migrateToLatest } from '../server/platform/db/migrate';
import type { Database } from '../server/platform/db/schema';
import { addDays, zonedTime } from '../server/platform/timeZone';
import { chargeFleet, fleetBalances } from '../server/modules/accounts';
import { balances } from '../server/modules/accounts/ledgerRepo';
import { createFleet } from '../server/tools/testing/fleetFixtures';
import { createScratchDatabase } from '../server/tools/testing/scratchDatabase';
import { againstReference, cpuReference, loadAverage, ms, ofBudget, summarize, time, type Timing } from './stats';

const TZ = 'America/Santiago';
const TODAY = '2026-11-27';
const YEAR_START = addDays(TODAY, -364);
const BUDGET_MS = 50;
const ROUNDS = 30;

/**
 * The reach as ledgerRepo.balances computed it before the walk (kept as the same-run reference):
 * each owing driver's last 120 charges read through the index, then a window sums them back.
 */
async function windowReach(db: Kysely<Database>, ownerId: number): Promise<Map<number, string | null>> {
  const { rows } = await sql<{ driver_id: number; owed_since: string | null }>`
    select b.driver_id, d.owed_since
    from account_balances b
    cross join lateral (
      select max(c.entry_date) filter (where c.reach >= b.balance) as owed_since
      from (
        select entry_date, sum(amount) over (order by entry_date desc, id desc) as reach
        from (
          select e.entry_date, e.id, e.amount from account_entries e
          where b.balance > 0 and e.owner_id = b.owner_id and e.driver_id = b.driver_id and e.amount > 0
          order by e.entry_date desc, e.id desc limit 120
        ) recent
      ) c
    ) d
    where b.owner_id = ${ownerId}`.execute(db);
  return new Map(rows.map((row) => [row.driver_id, row.owed_since]));
}

/** Several reads timed round by round, the order rotating each round so a change of load favours none. */
async function alternated(tasks: Record<string, () => Promise<unknown>>): Promise<Record<string, Timing>> {
  const names = Object.keys(tasks);
  for (let i = 0; i < 3; i += 1) for (const name of names) await tasks[name]();
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(round + k) % names.length];
      const started = performance.now();
      await tasks[name]();
      samples[name].push(performance.now() - started);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarize(samples[name])]));
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 2000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** 200 drivers' year of daily cuotas and weekly payments (also `-- quick`'s balances, with a password that signs in). */
export async function yearOfLedger(db: Kysely<Database>, passwordHash = 'x'): Promise<{ ownerId: number; ownerRut: string; drivers: number[]; entries: number }> {
  const fleet = await createFleet(db, { rutBody: 70_000_000, company: 'Bench Cuentas', passwordHash, driverNames: Array.from({ length: 200 }, (_, i) => `C${i}`) });
  const rows = [];
  for (const [d, driver] of fleet.drivers.entries()) {
    for (let day = 0; day < 365; day += 1) {
      const date = addDays(YEAR_START, day);
      rows.push({ owner_id: fleet.ownerId, driver_id: driver.id, kind: 'cuota', amount: 20_000, entry_date: date, period_key: `dia:${date}`, idempotency_key: `auto:${driver.id}:dia:${date}:0` });
      // Weekly payments, a little short for every fifth driver: some owe, some are behind.
      if (day % 7 === 6) rows.push({ owner_id: fleet.ownerId, driver_id: driver.id, kind: 'efectivo', amount: d % 5 === 0 ? -130_000 : -140_000, entry_date: date, period_key: null, idempotency_key: `p:${driver.id}:${date}` });
    }
  }
  await insertChunks(rows, (chunk) => db.insertInto('account_entries').values(chunk).execute());
  // As autovacuum would after a load this size: the planner then knows the table.
  await sql`analyze account_entries`.execute(db);
  return { ownerId: fleet.ownerId, ownerRut: fleet.ownerRut, drivers: fleet.drivers.map((driver) => driver.id), entries: rows.length };
}

async function dayOfCharges(db: Kysely<Database>): Promise<{ ownerId: number }> {
  const fleet = await createFleet(db, { rutBody: 71_000_000, company: 'Bench Pasada', passwordHash: 'x', driverNames: Array.from({ length: 1000 }, (_, i) => `P${i}`) });
  await insertChunks(
    fleet.drivers.map((driver) => ({ owner_id: fleet.ownerId, driver_id: driver.id, kind: 'diaria', amount: 20_000, effective_from: TODAY, actor_name: 'Bench' })),
    (chunk) => db.insertInto('account_terms').values(chunk).execute(),
  );
  await insertChunks(
    fleet.drivers.map((driver, i) => ({ owner_id: fleet.ownerId, driver_id: driver.id, start_time: zonedTime(TODAY, 6 * 60 + (i % 600), TZ), end_time: zonedTime(TODAY, 14 * 60 + (i % 600), TZ) })),
    (chunk) => db.insertInto('shifts').values(chunk).execute(),
  );
  return { ownerId: fleet.ownerId };
}

async function measure(label: string, database: OpenDatabase): Promise<void> {
  const db = database.db;
  await migrateToLatest(db);
  const began = performance.now();
  const ledger = await yearOfLedger(db);
  console.log(`\n[${label}] ${ledger.entries.toLocaleString('es-CL')} movimientos de 200 conductores en un año (cargados en ${((performance.now() - began) / 1000).toFixed(1)} s) · carga ${loadAverage()}`);
  const reference = cpuReference();
  const answer = await fleetBalances(db, ledger.ownerId, TODAY);
  const former = await windowReach(db, ledger.ownerId);
  const same = (await balances(db, ledger.ownerId)).every((row) => row.balance <= 0 || former.get(row.driver_id) === row.owed_since);
  if (!same) throw new Error('La caminata y la ventana dan distinto alcance de deuda: la cifra no compararía lo mismo');
  const timing = await alternated({
    fleet: () => fleetBalances(db, ledger.ownerId, TODAY),
    walk: () => balances(db, ledger.ownerId),
    window: () => windowReach(db, ledger.ownerId),
  });
  console.log(`  saldos y días de atraso de la flota (GET /accounts/balances), ${ROUNDS} rondas alternadas: mediana ${ms(timing.fleet.median)}, p95 ${ms(timing.fleet.p95)} (${ofBudget(timing.fleet.p95, BUDGET_MS)}) = ${againstReference(timing.fleet.median, reference)} · carga ${loadAverage()}`);
  console.log(`  solo saldo y alcance: la caminata por cargos mediana ${ms(timing.walk.median)}, p95 ${ms(timing.walk.p95)} | la forma anterior (ventana sobre los últimos 120 cargos) mediana ${ms(timing.window.median)}, p95 ${ms(timing.window.p95)} → p95 x${(timing.walk.p95 / timing.window.p95).toFixed(2)}`);
  console.log(`  → deuda total ${answer.total_owed.toLocaleString('es-CL')} pesos; ${answer.balances.filter((row) => row.balance > 0).length} conductores deben, el mayor atraso ${Math.max(...answer.balances.map((row) => row.days_behind))} días`);

  const day = await dayOfCharges(db);
  const first = performance.now();
  const written = await chargeFleet(db, { ownerId: day.ownerId, today: TODAY, timeZone: TZ });
  const firstMs = performance.now() - first;
  const again = await time(() => chargeFleet(db, { ownerId: day.ownerId, today: TODAY, timeZone: TZ }), 5, 1);
  console.log(`  cuotas del día de 1.000 conductores: ${written} escritas en ${ms(firstMs)}; la pasada de nuevo (nada que escribir): mediana ${ms(again.median)} · carga ${loadAverage()}`);
}

export async function run(): Promise<void> {
  const pglite = await openPglite(null);
  try {
    await measure('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('\n(PostgreSQL: define DATABASE_URL para medirlo también)');
    return;
  }
  const scratch = await createScratchDatabase(url, 'flota_bench_settlement');
  const postgres = await openPostgres(scratch.url);
  try {
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await scratch.drop();
  }
}
