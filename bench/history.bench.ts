/**
 * Shift history at the size of a year of a 50-taxi fleet (two such fleets share the table, so owner
 * scoping matters too), through a real listening server:
 * - GET /api/shifts/history, the first page a client gets (no limit: 100 rows), per filter, beside
 *   the whole selection a client of the unpaged answer got (pages of 500 to the last, over HTTP
 *   too), timed alternately in the same rounds so that a load change hits both;
 * - GET /api/shifts/history.csv, the whole year streamed, read to its end;
 * and EXPLAIN ANALYZE of the first page's rows and count queries, to show which index serves them.
 *
 * Runs on an in-memory PGlite, and also on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * is set: a throwaway database is created there and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { buildServer } from '../server/app';
import { hashPassword } from '../server/modules/identity/passwords';
import { loadConfig } from '../server/platform/config';
import { openPglite, openPostgres, type OpenDatabase } from '../server/platform/db/client';
import { migrateToLatest } from '../server/platform/db/migrate';
import type { Database } from '../server/platform/db/schema';
import { HISTORY_COUNT_AHEAD, HISTORY_EXPORT_BATCH, historyBatchQuery, historyCountQuery, historyRowsQuery, type HistoryFilter } from '../server/modules/shifts/historyRepo';
import { createFleet } from '../server/tools/testing/fleetFixtures';
import { loadAverage, ms, summarize } from './stats';

const TIME_ZONE = 'America/Santiago';
const TAXIS = 50;
const YEAR_START = '2025-01-01';
const DAYS = 365;
const RUNS = 20;
const CSV_RUNS = 3;
/** The target for the first page's p95. */
const TARGET_P95_MS = 150;
const PASSWORD = 'bench-historial-1';

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

async function seed(db: Kysely<Database>) {
  const fleets = [];
  const passwordHash = await hashPassword(PASSWORD);
  for (const [i, company] of ['Taxis Benchmark', 'Otra Flota'].entries()) {
    const fleet = await createFleet(db, {
      rutBody: 40_000_000 + i * 1000,
      company,
      passwordHash,
      driverNames: Array.from({ length: TAXIS }, (_, n) => `Conductor ${n + 1}`),
      platePrefix: i === 0 ? 'BNCH' : 'OTRA',
    });
    await seedYear(db, fleet.ownerId);
    fleets.push(fleet);
  }
  // What autovacuum would have done by now: statistics and the visibility map (index-only counts).
  await sql`vacuum analyze shifts`.execute(db);
  const count = await db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', fleets[0].ownerId).executeTakeFirstOrThrow();
  const driver = fleets[0].drivers[7];
  return { fleet: fleets[0], driverId: driver.id, vehicleId: driver.vehicle_id as number, shifts: Number(count.n) };
}

async function explain(db: Kysely<Database>, query: { compile(): CompiledQuery }): Promise<string[]> {
  const { sql: text, parameters } = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off, summary off) ${text}`, [...parameters]));
  return result.rows.map((row) => row['QUERY PLAN']);
}

const query = (filter: HistoryFilter): Record<string, string> => {
  const params: Record<string, string> = {};
  if (filter.driverId) params.driver_id = String(filter.driverId);
  if (filter.vehicleId) params.vehicle_id = String(filter.vehicleId);
  if (filter.startDate) params.start_date = filter.startDate;
  if (filter.endDate) params.end_date = filter.endDate;
  return params;
};

async function timed<T>(task: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await task();
  return { value, ms: performance.now() - started };
}

async function benchOn(name: string, database: OpenDatabase): Promise<void> {
  const { db } = database;
  await migrateToLatest(db);
  const seedStarted = performance.now();
  const { fleet, driverId, vehicleId, shifts } = await seed(db);
  console.log(`\n${name}: ${shifts} shifts for the benchmark owner (${TAXIS} taxis, ${DAYS} days from ${YEAR_START}), as many for another owner; seeded in ${ms(performance.now() - seedStarted)}`);

  const config = { ...loadConfig({ JWT_SECRET: 'bench-secret-0123456789-0123456789-abc', DATA_DIR: '/nonexistent-flota-bench', DIST_DIR: '/nonexistent-flota-dist' }), host: '127.0.0.1', port: 0, simulator: false };
  const server = await buildServer(config, { db, dbKind: database.kind, logger: false });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}/api`;
  try {
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: fleet.ownerRut, password: PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const get = async (path: string, params: Record<string, string>) => {
      const response = await fetch(`${base}${path}?${new URLSearchParams(params)}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.text();
    };
    /** The whole selection over HTTP, as a client of the unpaged answer got it: pages of 500 until the last. */
    const everything = async (params: Record<string, string>) => {
      let rows = 0;
      for (let offset: number | null = 0; offset !== null; ) {
        const answer = JSON.parse(await get('/shifts/history', { ...params, limit: '500', offset: String(offset) })) as { count: number; next_offset: number | null };
        rows += answer.count;
        offset = answer.next_offset;
      }
      return rows;
    };

    const cases: [string, HistoryFilter][] = [
      ['no filter', {}],
      ['one driver', { driverId }],
      ['one vehicle', { vehicleId }],
      ['a month (June)', { startDate: '2025-06-01', endDate: '2025-06-30' }],
      ['driver + week (DST change 7 Sep)', { driverId, startDate: '2025-09-01', endDate: '2025-09-07' }],
    ];
    console.log(`  First page (GET /api/shifts/history, no limit = 100 rows) vs the whole selection (the unpaged answer: limit=500 pages to the last), ${RUNS} alternating rounds after 3 warm-ups; target p95 ${TARGET_P95_MS} ms.`);
    console.log(`  ${'case'.padEnd(34)} ${'rows'.padStart(4)} ${'total'.padStart(6)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} | ${'unpaged'.padStart(7)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} | p95 ratio`);
    for (const [label, filter] of cases) {
      const params = query(filter);
      for (let i = 0; i < 3; i += 1) await Promise.all([get('/shifts/history', params), everything(params)]);
      const paged: number[] = [];
      const whole: number[] = [];
      let first = { count: 0, total: 0 };
      let unpagedRows = 0;
      for (let round = 0; round < RUNS; round += 1) {
        // Alternate which goes first, so neither always runs on a warmer cache.
        const order = round % 2 === 0 ? ['paged', 'unpaged'] : ['unpaged', 'paged'];
        for (const which of order) {
          if (which === 'paged') {
            const answer = await timed(() => get('/shifts/history', params));
            first = JSON.parse(answer.value) as typeof first;
            paged.push(answer.ms);
          } else {
            const answer = await timed(() => everything(params));
            unpagedRows = answer.value;
            whole.push(answer.ms);
          }
        }
      }
      const p = summarize(paged);
      const u = summarize(whole);
      console.log(
        `  ${label.padEnd(34)} ${String(first.count).padStart(4)} ${String(first.total).padStart(6)} ${ms(p.median).padStart(9)} ${ms(p.p95).padStart(9)} | ${String(unpagedRows).padStart(7)} ${ms(u.median).padStart(9)} ${ms(u.p95).padStart(9)} | x${(p.p95 / u.p95).toFixed(2)}`,
      );
    }

    const exports: number[] = [];
    let bytes = 0;
    let lines = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < CSV_RUNS; i += 1) {
      const answer = await timed(() => get('/shifts/history.csv', {}));
      exports.push(answer.ms);
      bytes = Buffer.byteLength(answer.value);
      lines = answer.value.split('\r\n').length - 2;
    }
    const csv = summarize(exports);
    console.log(`  CSV export (GET /api/shifts/history.csv, whole year): ${lines} rows, ${(bytes / 1e6).toFixed(1)} MB, median ${ms(csv.median)}, slowest ${ms(Math.max(...exports))} of ${CSV_RUNS}; heap after vs before ${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(1)} MB (the client's copy included)`);

    const [middle] = await historyBatchQuery(db, fleet.ownerId, {}, TIME_ZONE, null, HISTORY_EXPORT_BATCH * 10).offset(HISTORY_EXPORT_BATCH * 10 - 1).execute();
    console.log(`\n  EXPLAIN a CSV batch from the middle of the year (keyset after ${middle.start_key}, #${middle.id}):`);
    for (const line of await explain(db, historyBatchQuery(db, fleet.ownerId, {}, TIME_ZONE, { start: middle.start_key, id: middle.id }, HISTORY_EXPORT_BATCH))) console.log(`    ${line}`);
    for (const [label, filter] of cases) {
      console.log(`\n  EXPLAIN first page, ${label}:`);
      for (const line of await explain(db, historyRowsQuery(db, fleet.ownerId, filter, TIME_ZONE).limit(101))) console.log(`    ${line}`);
      console.log(`  EXPLAIN total (counted up to the first page + ${HISTORY_COUNT_AHEAD}), ${label}:`);
      for (const line of await explain(db, historyCountQuery(db, fleet.ownerId, filter, TIME_ZONE, 100 + HISTORY_COUNT_AHEAD))) console.log(`    ${line}`);
    }
  } finally {
    await server.close();
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
  console.log(`Shift history: first page p95 (target ${TARGET_P95_MS} ms) beside the unpaged answer, and the streamed CSV export.`);
  // Figures scale with how busy the machine is: say so next to them.
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${loadAverage()} at start.`);
  const pglite = await openPglite(null);
  try {
    await benchOn('PGlite (in memory, worker thread)', pglite);
  } finally {
    await pglite.close();
  }
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) await withPostgres(postgresUrl, (database) => benchOn('PostgreSQL', database));
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL; scripts/pg-test-server.sh start).');
  console.log(`\nLoad average ${loadAverage()} at the end.`);
}
