/**
 * Reportes over a month of a 200-driver fleet (~6,000 shifts, each with its kept summary, beside a
 * second fleet as large): the server time of GET /reports by driver and by vehicle and of
 * /reports/daily (the SQL that adds up shift_summaries, as the routes run it), p50/p95 of 30 runs
 * each, against the budget (p95 ≤ 300 ms). Embedded PGlite, and PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database, dropped after). Prints
 * figures; never fails on timing.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { openPglite, openPostgres, type OpenDatabase } from '../server/platform/db/client';
import { migrateToLatest } from '../server/platform/db/migrate';
import type { Database } from '../server/platform/db/schema';
import { zonedTime, addDays } from '../server/platform/timeZone';
import { reportByDay, reportByGroup, type ReportFilter } from '../server/modules/reports/reportsRepo';
import { seededRandom } from '../server/tools/seed/prng';
import { createFleet } from '../server/tools/testing/fleetFixtures';
import { createScratchDatabase } from '../server/tools/testing/scratchDatabase';
import { againstReference, cpuReference, loadAverage } from './stats';

const DRIVERS = 200;
export const REPORT_DAYS = 30;
const DAYS = REPORT_DAYS;
const RUNS = 30;
const BUDGET_MS = 300;
const ZONE = 'America/Santiago';
export const REPORT_FIRST_DAY = '2026-10-01';
const FIRST_DAY = REPORT_FIRST_DAY;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** A fleet's month: about one shift per driver per day (6–10 h), each with a summary (also `-- quick`'s reports month, with a password that signs in). */
export async function fillFleet(db: Kysely<Database>, rutBody: number, seed: number, passwordHash = 'x'): Promise<{ ownerId: number; ownerRut: string; shifts: number }> {
  const random = seededRandom(seed);
  const names = Array.from({ length: DRIVERS }, (_, i) => `Conductor${i + 1}`);
  const fleet = await createFleet(db, { rutBody, company: `Flota ${seed}`, passwordHash, driverNames: names, platePrefix: `B${seed % 10}` });
  const shifts: Array<{ owner_id: number; driver_id: number; vehicle_id: number | null; start_time: Date; end_time: Date }> = [];
  for (let day = 0; day < DAYS; day += 1) {
    for (const driver of fleet.drivers) {
      const start = zonedTime(addDays(FIRST_DAY, day), random.int(6 * 60, 16 * 60), ZONE);
      shifts.push({ owner_id: fleet.ownerId, driver_id: driver.id, vehicle_id: driver.vehicle_id, start_time: start, end_time: new Date(start.getTime() + random.int(360, 600) * 60_000) });
    }
  }
  for (let i = 0; i < shifts.length; i += 1000) {
    const ids = await db.insertInto('shifts').values(shifts.slice(i, i + 1000)).returning('id').execute();
    const summaries = ids.map(({ id }) => sql`(${id}, ${random.int(40_000, 220_000)}, ${random.int(5000, 15000)}, ${random.int(5000, 20000)}, ${random.int(5, 25)}, ${random.int(4, 20)}, ${random.int(50, 95)}, 30, 500, 0, '[]', '[]')`);
    await sql`insert into shift_summaries (shift_id, distance_m, moving_seconds, stopped_seconds, stops_count, trips_count, max_speed_kmh, average_speed_kmh, points_count, ignored_points, trips, stops) values ${sql.join(summaries)}`.execute(db);
  }
  return { ownerId: fleet.ownerId, ownerRut: fleet.ownerRut, shifts: shifts.length };
}

async function timeIt(label: string, runs: number, action: () => Promise<unknown>): Promise<void> {
  await action();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const began = performance.now();
    await action();
    times.push(performance.now() - began);
  }
  const p95 = percentile(times, 0.95);
  console.log(`  ${label}: p50 ${percentile(times, 0.5).toFixed(1)} ms · p95 ${p95.toFixed(1)} ms (presupuesto ${BUDGET_MS} ms: ${p95 <= BUDGET_MS ? 'dentro' : 'FUERA'}) · p50 = ${againstReference(percentile(times, 0.5), cpuReference())}`);
}

async function benchOn(name: string, database: OpenDatabase): Promise<void> {
  const { db } = database;
  await migrateToLatest(db);
  const began = performance.now();
  const fleet = await fillFleet(db, 35_000_000, 41);
  const other = await fillFleet(db, 36_000_000, 42);
  await sql`analyze`.execute(db);
  console.log(`\n${name}: ${fleet.shifts + other.shifts} turnos con resumen (2 flotas de ${DRIVERS} conductores, ${DAYS} días) en ${((performance.now() - began) / 1000).toFixed(1)} s · carga ${loadAverage()}`);
  const filter: ReportFilter = { ownerId: fleet.ownerId, from: FIRST_DAY, to: addDays(FIRST_DAY, DAYS - 1), timeZone: ZONE, now: new Date() };
  const byDriver = await reportByGroup(db, filter, 'driver');
  console.log(`  reporte del mes: ${byDriver.rows.length} conductores, ${byDriver.totals.shifts} turnos, ${byDriver.totals.distance_km.toLocaleString('es-CL')} km`);
  await timeIt('mes por conductor (GET /reports?group=driver)', RUNS, () => reportByGroup(db, filter, 'driver'));
  await timeIt('mes por vehículo (GET /reports?group=vehicle)', RUNS, () => reportByGroup(db, filter, 'vehicle'));
  await timeIt('mes por día y conductor (GET /reports/daily, gráfico)', RUNS, () => reportByDay(db, filter, 'driver'));
  await timeIt('semana por conductor', RUNS, () => reportByGroup(db, { ...filter, to: addDays(FIRST_DAY, 6) }, 'driver'));
  console.log(`  carga al terminar ${loadAverage()}`);
}

export async function run(): Promise<void> {
  console.log(`Reportes: un mes de ${DRIVERS} conductores · ${os.cpus().length} CPU`);
  const pglite = await openPglite(null);
  try {
    await benchOn('PGlite (embebida)', pglite);
  } finally {
    await pglite.close();
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('\nPostgreSQL: omitido (defina BENCH_DATABASE_URL o TEST_DATABASE_URL).');
    return;
  }
  const scratch = await createScratchDatabase(url, 'flota_bench_reportes');
  const postgres = await openPostgres(scratch.url);
  try {
    await benchOn('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await scratch.drop();
  }
}
