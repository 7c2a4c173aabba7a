/**
 * Shift history at the size of a year of a 50-taxi fleet (two such fleets share the table, so owner
 * scoping matters too). Times listShiftHistory — the whole answer of GET /api/shifts/history,
 * rows plus the total when capped — for the filters a dispatcher uses, and prints EXPLAIN ANALYZE
 * to show which index serves each one.
 *
 * Runs on an in-memory PGlite, and also on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * is set: a throwaway database is created there and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { openPglite, openPostgres, type OpenDatabase } from '../server/platform/db/client';
import { migrateToLatest } from '../server/platform/db/migrate';
import type { Database } from '../server/platform/db/schema';
import { historyCountQuery, historyRowsQuery, listShiftHistory, type HistoryFilter } from '../server/modules/shifts/historyRepo';
import { createFleet } from '../server/tools/testing/fleetFixtures';
import { ms, ofBudget, time } from './stats';

const TIME_ZONE = 'America/Santiago';
const TAXIS = 50;
const YEAR_START = '2025-01-01';
const DAYS = 365;
const RUNS = 30;
/** Median budget per answer: the page asks again on every Buscar. */
const BUDGET_MS = 50;

/**
 * A year of shifts for each driver of the owner, in one INSERT ... SELECT: a day shift on 9 days
 * out of 10 (06:00 to 16:00 local start, 6 to 10 hours), and a night shift on 1 day out of 5.
 */
async function seedYear(db: Kysely<Database>, ownerId: number): Promise<void> {
  await sql`
    insert into shifts (owner_id, driver_id, vehicle_id, start_time, end_time, latitude, longitude, last_location_time)
    select d.owner_id, d.id, d.current_vehicle_id, t.start_time, t.start_time + make_interval(mins => t.minutes),
           -32.45 + t.minutes / 100000.0, -71.23 - t.minutes / 100000.0, t.start_time + make_interval(mins => t.minutes)
    from (select id, owner_id, current_vehicle_id, row_number() over (order by id)::int as k from drivers where owner_id = ${ownerId}) d
    cross join generate_series(0, ${DAYS - 1}) as day
    cross join lateral (
      select (cast(${YEAR_START} as date) + day)::timestamp + make_interval(mins => 360 + (day * 13 + d.k * 7) % 600) as local_start,
             360 + (day * 31 + d.k * 17) % 240 as minutes
      where (day * 7 + d.k) % 10 <> 0
      union all
      select (cast(${YEAR_START} as date) + day)::timestamp + make_interval(mins => 1140 + (day + d.k) % 90),
             300 + (day * 11 + d.k) % 180
      where (day + d.k) % 5 = 0
    ) as shift (local_start, minutes)
    cross join lateral (select shift.local_start at time zone ${TIME_ZONE}, shift.minutes) as t (start_time, minutes)
  `.execute(db);
}

async function seed(db: Kysely<Database>): Promise<{ ownerId: number; driverId: number; shifts: number }> {
  const fleets = [];
  for (const [i, company] of ['Taxis Benchmark', 'Otra Flota'].entries()) {
    const fleet = await createFleet(db, {
      rutBody: 40_000_000 + i * 1000,
      company,
      // No one logs in here: a hash-shaped placeholder.
      passwordHash: 'scrypt$16384$8$1$none$none',
      driverNames: Array.from({ length: TAXIS }, (_, n) => `Conductor ${n + 1}`),
      platePrefix: i === 0 ? 'BNCH' : 'OTRA',
    });
    await seedYear(db, fleet.ownerId);
    fleets.push(fleet);
  }
  // What autovacuum would have done by now: statistics and the visibility map (index-only counts).
  await sql`vacuum analyze shifts`.execute(db);
  const count = await db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', fleets[0].ownerId).executeTakeFirstOrThrow();
  return { ownerId: fleets[0].ownerId, driverId: fleets[0].drivers[7].id, shifts: Number(count.n) };
}

async function explain(db: Kysely<Database>, query: { compile(): CompiledQuery }): Promise<string[]> {
  const { sql: text, parameters } = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off, summary off) ${text}`, [...parameters]));
  return result.rows.map((row) => row['QUERY PLAN']);
}

async function benchOn(name: string, database: OpenDatabase): Promise<void> {
  const { db } = database;
  await migrateToLatest(db);
  const seedStarted = performance.now();
  const { ownerId, driverId, shifts } = await seed(db);
  console.log(`\n${name}: ${shifts} shifts for the benchmark owner (${TAXIS} taxis, ${DAYS} days from ${YEAR_START}), as many for another owner; seeded in ${ms(performance.now() - seedStarted)}`);

  const cases: [string, HistoryFilter][] = [
    ['no filter', {}],
    ['one driver', { driverId }],
    ['a month (June)', { startDate: '2025-06-01', endDate: '2025-06-30' }],
    ['driver + week (DST change 7 Sep)', { driverId, startDate: '2025-09-01', endDate: '2025-09-07' }],
  ];
  console.log(`  ${'case'.padEnd(34)} ${'rows'.padStart(5)} ${'total'.padStart(6)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  budget (median)`);
  for (const [label, filter] of cases) {
    const page = await listShiftHistory(db, ownerId, filter, TIME_ZONE);
    const timing = await time(() => listShiftHistory(db, ownerId, filter, TIME_ZONE), RUNS);
    console.log(
      `  ${label.padEnd(34)} ${String(page.shifts.length).padStart(5)} ${String(page.total).padStart(6)} ${ms(timing.median).padStart(9)} ${ms(timing.p95).padStart(9)}  ${ofBudget(timing.median, BUDGET_MS)}`,
    );
  }
  for (const [label, filter] of cases) {
    console.log(`\n  EXPLAIN rows, ${label}:`);
    for (const line of await explain(db, historyRowsQuery(db, ownerId, filter, TIME_ZONE))) console.log(`    ${line}`);
    console.log(`  EXPLAIN total, ${label}:`);
    for (const line of await explain(db, historyCountQuery(db, ownerId, filter, TIME_ZONE))) console.log(`    ${line}`);
  }
}

/** A throwaway database on the PostgreSQL server at adminUrl, dropped when done. */
async function withPostgres(adminUrl: string, task: (database: OpenDatabase) => Promise<void>): Promise<void> {
  const dbName = `flota_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = await openPostgres(adminUrl);
  await sql`create database ${sql.id(dbName)}`.execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = await openPostgres(url.toString());
  try {
    await task(database);
  } finally {
    await database.close();
    await sql`drop database if exists ${sql.id(dbName)}`.execute(admin.db);
    await admin.close();
  }
}

export async function run(): Promise<void> {
  console.log(`GET /api/shifts/history: median and p95 of ${RUNS} runs (after 3 warm-up runs), budget ${BUDGET_MS} ms median.`);
  // Figures scale with how busy the machine is: say so next to them.
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} at start.`);
  const pglite = await openPglite(null);
  try {
    await benchOn('PGlite (in memory, worker thread)', pglite);
  } finally {
    await pglite.close();
  }
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) await withPostgres(postgresUrl, (database) => benchOn('PostgreSQL', database));
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL; scripts/pg-test-server.sh start).');
}
