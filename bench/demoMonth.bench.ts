/**
 * `npm run bench -- demoMonth`: the embedded data folder of the demo fleet after a month of
 * `npm start` left running. A fresh folder is seeded as a first start does (demo fleet, its past
 * history with full trails), then the built-in simulator's month is played on a simulated clock:
 * every simulated driver alternates shifts of 20-60 minutes and rests of 5-20 (the simulator's
 * defaults, about three quarters of them on shift), one point a second while on shift (what
 * `rate: 1` sends), written by the ingest's own writer (flushPoints). As the server does, a shift
 * is summarised at its end; every ten simulated minutes the product's pack pass runs (it packs the
 * shifts ended since, which the server packs one by one a minute after their end, then VACUUM;
 * weekly partitions kept and dropped on the simulated clock), followed by the checkpoint the
 * server asks for every five minutes (walCheckpoints.ts). Prints the folder's size each simulated day and where the space went.
 * DEMO_MONTH_DAYS (default 30) shortens the month: on 2 cores a day takes a few minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { flushPoints, type StoredPoint } from '../server/modules/positions/ingest/flushPoints';
import { databaseFlushRunner } from '../server/modules/positions/ingest/flushRunner';
import { createTrailPackPass } from '../server/modules/positions/packed/trailPackPass';
import { atStoredPrecision } from '../server/modules/positions/storedPrecision';
import { summarizeShift } from '../server/modules/reports';
import { openPglite } from '../server/platform/db/client';
import { folderBytes, megabytes } from '../server/platform/db/dataFolderSize';
import { migrateToLatest } from '../server/platform/db/migrate';
import type { Database } from '../server/platform/db/schema';
import { tableBytes } from '../server/platform/db/weeklyPartitions';
import { seedDemoFleet } from '../server/tools/seed/demoFleet';
import { startDemoHistory } from '../server/tools/seed/demoHistory';
import { demoStart } from '../server/tools/seed/demoStart';
import { seededRandom, type Random } from '../server/tools/seed/prng';
import { advance, position, startDrive, type Drive } from '../server/tools/simulator/route';
import { loadAverage } from './stats';

const DAY_MS = 86_400_000;
const STEP_MS = 10 * 60_000;
const TIME_ZONE = 'America/Santiago';
const silentLog = { info() {}, warn() {}, error() {}, debug() {}, child: () => silentLog } as unknown as FastifyBaseLogger;

interface SimDriver {
  id: number;
  vehicleId: number | null;
  random: Random;
  drive: Drive;
  shiftId: number | null;
  /** When the current shift or rest ends (simulated ms). */
  until: number;
}

const between = (random: Random, min: number, max: number) => min + random.next() * (max - min);

/** The drivers the built-in simulator moves: the demo's signed-in drivers but the last, left to a phone (server/index.ts). */
async function simulatedDrivers(db: Kysely<Database>, start: number): Promise<SimDriver[]> {
  const demo = await demoStart(db);
  if (!demo) throw new Error('Sin flota de demostración');
  const ruts = demo.ruts.slice(0, -1);
  const rows = await db
    .selectFrom('drivers as d')
    .leftJoin('shifts as s', (join) => join.onRef('s.driver_id', '=', 'd.id').on('s.end_time', 'is', null))
    .select(['d.id', 'd.current_vehicle_id', 's.id as open_shift'])
    .where('d.rut', 'in', ruts)
    .orderBy('d.id')
    .execute();
  // A shift the seed left open is carried on, as the simulator resumes it.
  return rows.map((row, index) => {
    const random = seededRandom(1000 + index);
    return { id: row.id, vehicleId: row.current_vehicle_id, random, drive: startDrive(random), shiftId: row.open_shift, until: start + between(random, 0, 20) * 60_000 };
  });
}

/** Ten simulated minutes: shifts start and end, every driver on shift reports each second. */
/** Wall-clock ms spent in each part of the simulation, printed with the figures. */
const spent = { shifts: 0, flush: 0, summaries: 0, pass: 0 };
const timed = async <T>(part: keyof typeof spent, work: () => Promise<T>): Promise<T> => {
  const began = performance.now();
  try {
    return await work();
  } finally {
    spent[part] += performance.now() - began;
  }
};

async function playStep(db: Kysely<Database>, ownerId: number, drivers: SimDriver[], from: number): Promise<number> {
  const points: StoredPoint[] = [];
  const ended: SimDriver[] = [];
  for (const driver of drivers) {
    for (let t = from; t < from + STEP_MS; t += 1000) {
      if (t >= driver.until) {
        if (driver.shiftId === null) {
          const { id } = await timed('shifts', () => db.insertInto('shifts').values({ owner_id: ownerId, driver_id: driver.id, vehicle_id: driver.vehicleId, start_time: new Date(t) }).returning('id').executeTakeFirstOrThrow());
          driver.shiftId = id;
          driver.until = t + between(driver.random, 20, 60) * 60_000;
        } else {
          ended.push({ ...driver });
          const shiftId = driver.shiftId;
          await timed('shifts', () => db.updateTable('shifts').set({ end_time: new Date(t) }).where('id', '=', shiftId).execute());
          driver.shiftId = null;
          driver.until = t + between(driver.random, 5, 20) * 60_000;
        }
      }
      if (driver.shiftId === null) continue;
      driver.drive = advance(driver.drive, 1, driver.random);
      points.push({ shiftId: driver.shiftId, time: new Date(t), ...atStoredPrecision(position(driver.drive)), speed: null, heading: null, accuracy: null, battery: null });
    }
  }
  const runner = databaseFlushRunner(db);
  // The ingest's flushes: a group commit of about a second of a busy fleet each.
  await timed('flush', async () => {
    for (let i = 0; i < points.length; i += 1000) await flushPoints(runner, points.slice(i, i + 1000));
  });
  await timed('summaries', async () => {
    for (const driver of ended) if (driver.shiftId !== null) await summarizeShift(db, driver.shiftId);
  });

  return points.length;
}

async function spaceReport(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ rows_bytes: number; chunks_bytes: number; row_points: number; packed_points: number; summaries: number }>`
    select ${tableBytes('shift_locations')} as rows_bytes, ${tableBytes('trail_chunks')} as chunks_bytes,
      (select count(*) from shift_locations)::int8 as row_points, (select coalesce(sum(points), 0) from trail_chunks)::int8 as packed_points,
      pg_total_relation_size('shift_summaries')::int8 as summaries`.execute(db);
  const r = rows[0];
  return `filas ${Number(r.row_points).toLocaleString('es-CL')} puntos en ${megabytes(Number(r.rows_bytes))} · compactados ${Number(r.packed_points).toLocaleString('es-CL')} en ${megabytes(Number(r.chunks_bytes))} (${(Number(r.chunks_bytes) / Math.max(1, Number(r.packed_points))).toFixed(1)} bytes/punto) · resúmenes ${megabytes(Number(r.summaries))}`;
}

export async function run(): Promise<void> {
  const days = Number(process.env.DEMO_MONTH_DAYS ?? 30);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flota-demo-month-'));
  const began = performance.now();
  // The month ends now; the first start happened `days` ago (its seeded history before that).
  const start = Date.now() - days * DAY_MS;
  console.log(`Un mes de la demo · ${days} días simulados · ${os.cpus().length} núcleos · carga ${loadAverage()}`);
  let database = await openPglite(dir);
  try {
    await migrateToLatest(database.db);
    await seedDemoFleet(database.db, { now: new Date(start), timeZone: TIME_ZONE });
    await startDemoHistory(database.db, { pauseMs: 0 }).done;
    const owner = await database.db.selectFrom('owners').select('id').orderBy('id').executeTakeFirstOrThrow();
    const drivers = await simulatedDrivers(database.db, start);
    await database.close();
    console.log(`primer inicio: ${megabytes(folderBytes(dir))} (demo sembrada, ${drivers.length} conductores simulados) · ${((performance.now() - began) / 1000).toFixed(0)} s`);
    database = await openPglite(dir);
    const db = database.db;
    let now = start;
    // The server's pack pass on the simulated clock, without its rests (nothing else runs here).
    const packer = createTrailPackPass(db, silentLog, { trailDays: null, activityDays: null }, { dutyCycle: 1, now: () => now });
    let points = 0;
    for (let day = 1; day <= days; day += 1) {
      for (const end = start + day * DAY_MS; now < end; now += STEP_MS) {
        points += await playStep(db, owner.id, drivers, now);
        await timed('pass', async () => {
          await packer.runOnce();
          await sql`checkpoint`.execute(db);
        });
      }
      console.log(`día ${day}: ${(points / 1e6).toFixed(1)} M puntos simulados · ${await spaceReport(db)} · carpeta ${megabytes(folderBytes(dir))} · ${((performance.now() - began) / 1000).toFixed(0)} s (${Object.entries(spent).map(([part, ms]) => `${part} ${(ms / 1000).toFixed(0)} s`).join(', ')}) · carga ${loadAverage()}`);
    }
    await database.close();
    console.log(`al cerrar: carpeta ${megabytes(folderBytes(dir))} tras ${days} días (${(points / 1e6).toFixed(1)} M puntos a 1 Hz) · ${((performance.now() - began) / 1000).toFixed(0)} s · carga ${loadAverage()}`);
  } finally {
    await database.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
