/**
 * `npm run bench -- storage` (issue 22): what a point costs on disk before and after packing, the
 * time to pack a 12-hour 1 Hz shift, the ingest's rate with packing beside it against without
 * (alternated rounds), and trail reads as history grows (1 M, 10 M points, and more on
 * PostgreSQL): a closed shift's full trail, its thinned trail, a history page, and "where was
 * everyone" at a time — p50/p95 and the ratio of the largest size to 1 M. On PGlite (in memory)
 * and, with TEST_DATABASE_URL, on a scratch PostgreSQL database. Prints figures; never fails.
 * STORAGE_SIZES=1000000,10000000 and STORAGE_PG_EXTRA=50000000 change the sizes.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { flushPoints, type StoredPoint } from '../server/modules/positions/ingest/flushPoints';
import { databaseFlushRunner } from '../server/modules/positions/ingest/flushRunner';
import { packShift } from '../server/modules/positions/packed/packShift';
import { DEFAULT_PACK_PASS } from '../server/modules/positions/packed/trailPackPass';
import { isoMicros } from '../server/modules/positions/packed/storedPoints';
import { encodeTrail, type PackedPoint } from '../server/modules/positions/packed/trailCodec';
import { positionsAt } from '../server/modules/positions/positionsAt';
import { readTrail } from '../server/modules/positions/readTrail';
import { listShiftLocations } from '../server/modules/positions/shiftLocationsRepo';
import { atStoredPrecision } from '../server/modules/positions/storedPrecision';
import { listShiftHistory } from '../server/modules/shifts/historyRepo';
import { createBackgroundPass } from '../server/platform/backgroundPass';
import { tableBytes } from '../server/platform/db/weeklyPartitions';
import { openPglite, openPostgres, type OpenDatabase } from '../server/platform/db/client';
import { migrateToLatest } from '../server/platform/db/migrate';
import type { Database } from '../server/platform/db/schema';
import { seededRandom, type Random } from '../server/tools/seed/prng';
import { createFleet } from '../server/tools/testing/fleetFixtures';
import { loadAverage, ms, summarize, time, type Timing } from './stats';

const SHIFT_POINTS = 43_200;
const TAXIS = 50;
/** Closed shifts a generated day: every size has whole days, so "where was everyone" meets as many shifts at each. */
const SHIFTS_A_DAY = 23;
const DAY_MS = 86_400_000;
const BASE = Date.parse('2025-01-01T11:00:00Z');
const ROWS_SHIFTS = 10; // 432,000 points stored as rows, then packed; the rest of 1 M straight into the packed tier
const OPEN_SHIFTS = 10;
/** "Where was everyone": the product's own search (positions/positionsAt.ts), with the screen's default window. */
const EVERYONE_WINDOW_MS = 30 * 60_000;
/** Alternated pairs of ingest rounds, alone then with packing beside, 2.5 s each (the median of the pairs' changes). */
const INGEST_ROUNDS = Number(process.env.STORAGE_INGEST_ROUNDS ?? 10);
/** Growing history stops after this long (STORAGE_BUDGET_S), whatever size it reached: said in the output. */
const GENERATION_BUDGET_MS = Number(process.env.STORAGE_BUDGET_S ?? 240) * 1000;
/** The pack pass's own logger, quiet in a bench. */
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/** A phone at 1 Hz in town: drives and stops, GPS noise, jittery clock, smooth heading, draining battery. */
function phoneTrail(random: Random, startMs: number, count: number): PackedPoint[] {
  const points: PackedPoint[] = [];
  let lat = -32.45 + random.next() * 0.05;
  let lon = -71.25 + random.next() * 0.05;
  let heading = random.next() * 360;
  let speed = 0;
  let t = startMs;
  for (let i = 0; i < count; i += 1) {
    t += 1000 + random.int(-40, 40);
    const moving = Math.floor(i / 300) % 3 !== 2;
    speed = moving ? Math.max(0, Math.min(17, speed + (random.next() - 0.45) * 1.5)) : 0;
    heading = (heading + (random.next() - 0.5) * 8 + 360) % 360;
    lat += (speed * Math.cos((heading * Math.PI) / 180)) / 111_320;
    lon += (speed * Math.sin((heading * Math.PI) / 180)) / 94_000;
    const noise = () => (random.next() - 0.5) * 0.00002;
    const reading = atStoredPrecision({
      latitude: lat + noise(),
      longitude: lon + noise(),
      speed,
      heading,
      accuracy: 3 + random.next() * 6,
      battery: Math.round(95 - (i / count) * 60),
    });
    points.push({ us: t * 1000, ...reading } as PackedPoint);
  }
  return points;
}

async function insertRows(db: Kysely<Database>, shiftId: number, points: readonly PackedPoint[]): Promise<void> {
  for (let i = 0; i < points.length; i += 5000) {
    const part = points.slice(i, i + 5000);
    const column = <T>(pick: (p: PackedPoint) => T) => part.map(pick);
    await sql`insert into shift_locations (shift_id, recorded_at, latitude, longitude, speed, heading, accuracy, battery)
      select ${shiftId}, * from unnest(${column((p) => isoMicros(p.us))}::timestamptz[], ${column((p) => p.latitude)}::float8[],
        ${column((p) => p.longitude)}::float8[], ${column((p) => p.speed)}::float8[], ${column((p) => p.heading)}::float8[],
        ${column((p) => p.accuracy)}::float8[], ${column((p) => p.battery)}::float8[])`.execute(db);
  }
}

/** Straight into the packed tier (what packing would write), to grow history fast. */
async function insertPacked(db: Kysely<Database>, shiftId: number, points: readonly PackedPoint[]): Promise<void> {
  const chunks = [];
  for (let i = 0; i < points.length; ) {
    const window = Math.floor(points[i].us / 6e8);
    let j = i;
    while (j < points.length && Math.floor(points[j].us / 6e8) === window) j += 1;
    const part = points.slice(i, j);
    chunks.push({ shift_id: shiftId, first_at: isoMicros(part[0].us), last_at: isoMicros(part[part.length - 1].us), points: part.length, data: encodeTrail(part) });
    i = j;
  }
  await db.insertInto('trail_chunks').values(chunks).execute();
}

interface Fleet {
  ownerId: number;
  drivers: number[];
  random: Random;
  shifts: number;
  points: number;
}

async function addShift(db: Kysely<Database>, fleet: Fleet, ended: boolean, startMs: number): Promise<number> {
  const index = fleet.shifts++;
  const { id } = await db
    .insertInto('shifts')
    .values({ owner_id: fleet.ownerId, driver_id: fleet.drivers[index % TAXIS], start_time: new Date(startMs), end_time: ended ? new Date(startMs + SHIFT_POINTS * 1000 + 60_000) : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The n-th closed shift of the generated history starts on day n/23 at 11:00 UTC. */
const closedStart = (n: number) => BASE + Math.floor(n / SHIFTS_A_DAY) * DAY_MS + (n % SHIFTS_A_DAY) * 1000;

const size = async (db: Kysely<Database>, table: string) =>
  Number((await sql<{ bytes: number }>`select ${tableBytes(table)} as bytes`.execute(db)).rows[0].bytes);

async function ingestRound(db: Kysely<Database>, open: number[], clock: { t: number }, ms_: number): Promise<number> {
  const runner = databaseFlushRunner(db);
  let points = 0;
  const until = performance.now() + ms_;
  while (performance.now() < until) {
    clock.t += 1000;
    const batch: StoredPoint[] = [];
    for (let k = 0; k < 20; k += 1) {
      for (const shiftId of open) batch.push({ shiftId, time: new Date(clock.t + k * 50), latitude: -32.45, longitude: -71.23, speed: 5, heading: 90, accuracy: 4, battery: 80 });
    }
    await flushPoints(runner, batch);
    points += batch.length;
  }
  return points / (ms_ / 1000);
}

async function benchOne(label: string, database: OpenDatabase, sizes: number[]): Promise<void> {
  const { db } = database;
  await migrateToLatest(db);
  const created = await createFleet(db, { rutBody: 37_000_000, company: 'Taxis Bench', passwordHash: 'x', driverNames: Array.from({ length: TAXIS + OPEN_SHIFTS }, (_, i) => `Conductor ${i}`) });
  const fleet: Fleet = { ownerId: created.ownerId, drivers: created.drivers.map((d) => d.id), random: seededRandom(22), shifts: 0, points: 0 };
  console.log(`\n--- ${label} · carga ${loadAverage()}`);

  // 1. 432,000 points as rows, closed shifts; open shifts for the ingest.
  let began = performance.now();
  const toPack: number[] = [];
  for (let i = 0; i < ROWS_SHIFTS; i += 1) {
    const start = closedStart(fleet.shifts);
    const id = await addShift(db, fleet, true, start);
    await insertRows(db, id, phoneTrail(fleet.random, start, SHIFT_POINTS));
    toPack.push(id);
    fleet.points += SHIFT_POINTS;
  }
  const open: number[] = [];
  for (let i = 0; i < OPEN_SHIFTS; i += 1) {
    const { id } = await db.insertInto('shifts').values({ owner_id: fleet.ownerId, driver_id: fleet.drivers[TAXIS + i], start_time: new Date(Date.now() - 3_600_000) }).returning('id').executeTakeFirstOrThrow();
    open.push(id);
  }
  await sql`analyze`.execute(db);
  const rowsBytes = await size(db, 'shift_locations');
  console.log(`filas: ${fleet.points.toLocaleString('es-CL')} puntos en ${((performance.now() - began) / 1000).toFixed(0)} s · ${(rowsBytes / fleet.points).toFixed(1)} bytes/punto (tabla + índices)`);

  // 2. Ingest alone vs ingest with packing beside it, alternated.
  const clock = { t: Date.now() - 3_000_000 };
  const alone: number[] = [];
  const beside: number[] = [];
  const packedDuringIngest = toPack.splice(0, 4);
  for (let round = 0; round < INGEST_ROUNDS; round += 1) {
    alone.push(await ingestRound(db, open, clock, 2500));
    // Packing as the server runs it: the pack pass's duty cycle (platform/backgroundPass.ts).
    const packer = createBackgroundPass('bench', silentLog, DEFAULT_PACK_PASS, async () => 0);
    packer.alongside(async (control) => {
      while (!control.stopped() && packedDuringIngest.length) {
        await packShift(db, packedDuringIngest[0], control);
        // A shift cut short by the stop carries on in the next round.
        if (!control.stopped()) packedDuringIngest.shift();
      }
    });
    beside.push(await ingestRound(db, open, clock, 2500));
    await packer.stop();
  }
  for (const id of packedDuringIngest) await packShift(db, id);
  const median = (values: number[]) => summarize(values).median;
  // Each "beside" round against the "alone" round just before it: a build or a test on the other
  // core drifts over tens of seconds, and pairing neighbours cancels it where medians of each side do not.
  const pairChanges = beside.map((rate, i) => (rate / alone[i] - 1) * 100);
  const percent = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
  console.log(
    `ingesta (${INGEST_ROUNDS} pares de rondas alternadas de 2,5 s): sola ${median(alone).toFixed(0)} puntos/s, con compactación al lado ${median(beside).toFixed(0)} puntos/s · mediana de los pares ${percent(median(pairChanges))} (meta: dentro de 10 %) · pares ${pairChanges.map(percent).join(' / ')} · carga ${loadAverage()}`,
  );

  // 3. Pack the rest, one shift at a time: the time for a 12-hour 1 Hz shift.
  const packTimes: number[] = [];
  for (const id of toPack) {
    began = performance.now();
    await packShift(db, id);
    packTimes.push(performance.now() - began);
  }
  await sql`vacuum (analyze) shift_locations`.execute(db);
  await sql`vacuum (analyze) trail_chunks`.execute(db);
  const pack = summarize(packTimes);
  const chunkBytes = await size(db, 'trail_chunks');
  console.log(`compactar un turno de 12 h (43.200 puntos): p50 ${ms(pack.median)}, p95 ${ms(pack.p95)} (${packTimes.length} turnos)`);
  console.log(`compactado: ${(chunkBytes / fleet.points).toFixed(2)} bytes/punto (trail_chunks con TOAST e índice, ${(chunkBytes / 1e6).toFixed(1)} MB) · antes ${(rowsBytes / fleet.points).toFixed(1)} · x${(rowsBytes / chunkBytes).toFixed(1)} menos`);

  // 4. Reads as history grows: 1 M, then more straight into the packed tier.
  const results: { points: number; reads: Record<string, Timing> }[] = [];
  const generationStarted = performance.now();
  for (const target of sizes) {
    while (fleet.points + SHIFT_POINTS <= target * 1.02 && performance.now() - generationStarted < GENERATION_BUDGET_MS) {
      const start = closedStart(fleet.shifts);
      const id = await addShift(db, fleet, true, start);
      await insertPacked(db, id, phoneTrail(fleet.random, start, SHIFT_POINTS));
      fleet.points += SHIFT_POINTS;
    }
    await sql`analyze`.execute(db);
    const lastClosed = (await db.selectFrom('shifts').select(['id', 'start_time']).where('end_time', 'is not', null).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow());
    const middle = new Date(new Date(lastClosed.start_time).getTime() + 6 * 3_600_000);
    const reads: Record<string, Timing> = {
      'trayecto completo': await time(() => readTrail(db, lastClosed.id), 10, 2),
      'trayecto simplificado': await time(() => listShiftLocations(db, fleet.ownerId, lastClosed.id), 10, 2),
      'página de historial': await time(() => listShiftHistory(db, fleet.ownerId, {}, 'America/Santiago', { limit: 50, offset: 0 }), 20, 3),
      'dónde estaban todos (cerrados)': await time(() => positionsAt(db, fleet.ownerId, middle, EVERYONE_WINDOW_MS), 10, 2),
      'dónde estaban todos (ahora)': await time(() => positionsAt(db, fleet.ownerId, new Date(), EVERYONE_WINDOW_MS), 10, 2),
    };
    results.push({ points: fleet.points, reads });
    console.log(`lecturas con ${(fleet.points / 1e6).toFixed(1)} M puntos (${fleet.shifts} turnos) · carga ${loadAverage()}`);
    for (const [name, timing] of Object.entries(reads)) console.log(`  ${name.padEnd(32)} p50 ${ms(timing.median).padStart(9)}  p95 ${ms(timing.p95).padStart(9)}`);
    if (performance.now() - generationStarted >= GENERATION_BUDGET_MS) {
      console.log(`  (generación detenida al agotar ${GENERATION_BUDGET_MS / 1000} s)`);
      break;
    }
  }
  const first = results[0];
  const last = results[results.length - 1];
  if (results.length > 1) {
    console.log(`razón ${(last.points / 1e6).toFixed(1)} M / ${(first.points / 1e6).toFixed(1)} M (p50; meta ≤ 1,5) · carga ${loadAverage()}`);
    for (const name of Object.keys(first.reads)) console.log(`  ${name.padEnd(32)} x${(last.reads[name].median / first.reads[name].median).toFixed(2)}`);
  }
  console.log(`total almacenado de trayectos: ${(((await size(db, 'trail_chunks')) + (await size(db, 'shift_locations'))) / 1e6).toFixed(1)} MB para ${(fleet.points / 1e6).toFixed(1)} M puntos`);
}

const sizesFrom = (text: string | undefined, fallback: number[]) => (text ? text.split(',').map(Number) : fallback);

export async function run(): Promise<void> {
  const sizes = sizesFrom(process.env.STORAGE_SIZES, [1_000_000, 10_000_000]);
  console.log(`Almacenamiento de trayectos · ${os.cpus().length} núcleos · carga ${loadAverage()}`);
  // STORAGE_ONLY=postgres skips the embedded half (a long PostgreSQL growth on a busy machine).
  if (process.env.STORAGE_ONLY !== 'postgres') {
    const pglite = await openPglite(null);
    try {
      await benchOne('PGlite (en memoria)', pglite, sizes);
    } finally {
      await pglite.close();
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('\nPostgreSQL: omitido (TEST_DATABASE_URL sin definir)');
    return;
  }
  const admin = await openPostgres(adminUrl);
  const name = `flota_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const postgres = await openPostgres(url.toString());
  try {
    await benchOne('PostgreSQL', postgres, [...sizes, ...sizesFrom(process.env.STORAGE_PG_EXTRA, [50_000_000])]);
  } finally {
    await postgres.close();
    await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
    await admin.close();
  }
}
