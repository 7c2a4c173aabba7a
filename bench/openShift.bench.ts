/**
 * The open-shift summary bench (issue 32, defect 4): four open 12-hour shifts at 1 Hz (43,200
 * points each, four fleets), read over HTTP from the real server on PGlite and, with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL: scripts/pg-test-server.sh start), on a
 * scratch PostgreSQL database. Points keep arriving (one a second per shift) while it runs.
 *
 * - First read (nothing kept: a new server each round) and repeated read (after ~2 s of new
 *   points) of the summary and of the replay, p50 and p95.
 * - Same-run reference, alternated A/B with the repeated read: the before path, the summary
 *   computed from scratch (readTrail + summarizeTrail, what every read did before).
 * - /api/health p50 and p95 alone, while four owners read their summaries in a loop, and while
 *   one owner fires four at once (the per-user turn queues them).
 * Prints medians, p95 and the load average beside every figure; never fails on timing.
 * BENCH_PORT (default 4330), BENCH_OPEN_ROUNDS (default 5), BENCH_OPEN_SECONDS (health window, 6).
 * The same file runs on an older checkout (it uses only HTTP and readTrail/summarizeTrail).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { buildServer, type FlotaServer } from '../server/app';
import { hashPassword } from '../server/modules/identity';
import { readTrail, type TrailPoint } from '../server/modules/positions';
import { summarizeTrail } from '../server/modules/reports';
import { loadConfig } from '../server/platform/config';
import { openPglite, openPostgres, type OpenDatabase } from '../server/platform/db/client';
import { migrateToLatest } from '../server/platform/db/migrate';
import type { Database } from '../server/platform/db/schema';
import { seededRandom } from '../server/tools/seed/prng';
import { createFleet, insertShifts } from '../server/tools/testing/fleetFixtures';
import { createScratchDatabase } from '../server/tools/testing/scratchDatabase';
import { SyntheticTrack } from '../server/tools/testing/syntheticTrack';
import { loadAverage, ms, summarize, type Timing } from './stats';

const PORT = Number(process.env.BENCH_PORT ?? 4330);
const ROUNDS = Number(process.env.BENCH_OPEN_ROUNDS ?? 5);
const HEALTH_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 6);
const HOURS = 12;
const SHIFTS = 4;
const PASSWORD = 'turno-abierto-bench';
const TARGET_MS = 50;

/** Drives of 2–10 minutes at 15–60 km/h, stands of 1–15 minutes, a wild fix now and then (reportsSummary's shift; also `-- quick`'s). */
export function twelveHourShift(start: Date, seed: number): TrailPoint[] {
  const random = seededRandom(seed);
  const track = new SyntheticTrack(start);
  const end = start.getTime() + HOURS * 3_600_000;
  while (track.now < end - 1000) {
    const left = (end - track.now) / 1000;
    const seconds = Math.min(left, random.int(120, 600));
    const metres = (seconds * random.int(15, 60)) / 3.6;
    const angle = random.next() * 2 * Math.PI;
    track.drive(metres * Math.cos(angle), metres * Math.sin(angle), seconds);
    if (random.chance(0.1)) track.jump(3000);
    const stand = Math.min((end - track.now) / 1000, random.int(60, 900));
    if (stand >= 1) track.stand(Math.floor(stand), 6);
  }
  return track.points.slice(0, HOURS * 3600);
}

interface OpenShift {
  id: number;
  rut: string;
  token: string;
  last: TrailPoint;
}

const fmt = (timing: Timing) => `p50 ${ms(timing.median)} · p95 ${ms(timing.p95)}`;
const line = (label: string, timing: Timing) => console.log(`  ${label.padEnd(58)} ${fmt(timing)} · carga ${loadAverage()}`);

export async function storePoints(db: Kysely<Database>, shiftId: number, points: readonly TrailPoint[]): Promise<void> {
  const rows = points.map((p) => ({ shift_id: shiftId, latitude: p.latitude, longitude: p.longitude, recorded_at: new Date(p.time) }));
  for (let i = 0; i < rows.length; i += 2000) await db.insertInto('shift_locations').values(rows.slice(i, i + 2000)).execute();
}

/** The next second's point of each shift, a few metres on: the phones keep sending. */
async function nextSecond(db: Kysely<Database>, shifts: OpenShift[]): Promise<void> {
  for (const shift of shifts) shift.last = { ...shift.last, time: shift.last.time + 1000, latitude: shift.last.latitude + 0.00005 };
  await db.insertInto('shift_locations').values(shifts.map((s) => ({ shift_id: s.id, latitude: s.last.latitude, longitude: s.last.longitude, recorded_at: new Date(s.last.time) }))).execute();
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await task();
  return performance.now() - began;
}

async function benchOn(label: string, database: OpenDatabase): Promise<void> {
  const { db } = database;
  await migrateToLatest(db);
  console.log(`\n${label} · ${os.cpus().length} núcleos · carga ${loadAverage()}`);
  const passwordHash = await hashPassword(PASSWORD);
  const start = new Date(Date.now() - HOURS * 3_600_000);
  const shifts: OpenShift[] = [];
  for (let i = 0; i < SHIFTS; i += 1) {
    const fleet = await createFleet(db, { rutBody: 38_100_000 + i * 1000, company: `Taxis Abiertos ${i}`, passwordHash, driverNames: ['Eva'], platePrefix: `OPN${i}` });
    const [id] = await insertShifts(db, [{ owner_id: fleet.ownerId, driver_id: fleet.drivers[0].id, start_time: start, end_time: null }]);
    const points = twelveHourShift(start, 21 + i);
    await storePoints(db, id, points);
    shifts.push({ id, rut: fleet.ownerRut, token: '', last: points[points.length - 1] });
  }
  console.log(`  ${SHIFTS} turnos abiertos de ${HOURS} h a 1 Hz: ${(HOURS * 3600).toLocaleString('es-CL')} puntos cada uno · carga ${loadAverage()}`);

  const config = {
    ...loadConfig({ JWT_SECRET: 'bench-secret-0123456789-0123456789-abc', DATA_DIR: '/nonexistent-flota-bench', DIST_DIR: '/nonexistent-flota-dist' }),
    host: '127.0.0.1',
    port: PORT,
    simulator: false,
  };
  let server: FlotaServer | null = null;
  const base = `http://127.0.0.1:${PORT}`;
  const startServer = async () => {
    await server?.close();
    server = await buildServer(config, { db, dbKind: database.kind, logger: false, backgroundPasses: { summaryBackfill: false } });
    await server.app.listen({ host: '127.0.0.1', port: PORT });
  };
  const get = async (shift: OpenShift, path: string) => {
    const response = await fetch(`${base}/api/shifts/${shift.id}/${path}`, { headers: { authorization: `Bearer ${shift.token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  };
  const health = async () => {
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
  };

  try {
    await startServer();
    for (const shift of shifts) {
      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: shift.rut, password: PASSWORD }) });
      shift.token = ((await login.json()) as { token: string }).token;
    }
    const [shift] = shifts;

    // Rounds: a new server (nothing kept), the first read, then repeated reads with ~2 s of new
    // points before each, alternated with the from-scratch reference (A/B, order swapped each time).
    const first = { summary: [] as number[], replay: [] as number[] };
    const repeated = { summary: [] as number[], replay: [] as number[], unchanged: [] as number[] };
    const reference = { summary: [] as number[], replay: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      await startServer();
      first.summary.push(await timed(() => get(shift, 'summary')));
      first.replay.push(await timed(() => get(shift, 'replay')));
      for (let i = 0; i < 4; i += 1) {
        await nextSecond(db, shifts);
        await nextSecond(db, shifts);
        const scratch = () => timed(async () => summarizeTrail(await readTrail(db, shift.id)));
        const kept = () => timed(() => get(shift, 'summary'));
        if ((round + i) % 2 === 0) {
          reference.summary.push(await scratch());
          repeated.summary.push(await kept());
        } else {
          repeated.summary.push(await kept());
          reference.summary.push(await scratch());
        }
        repeated.unchanged.push(await timed(() => get(shift, 'summary')));
        await nextSecond(db, shifts);
        repeated.replay.push(await timed(() => get(shift, 'replay')));
      }
    }
    console.log(`  Resumen de un turno abierto (${ROUNDS} rondas; la repetida tras 2 puntos nuevos):`);
    line('primera lectura', summarize(first.summary));
    line('lectura repetida', summarize(repeated.summary));
    line('lectura repetida sin puntos nuevos', summarize(repeated.unchanged));
    line('referencia: desde cero (readTrail + summarizeTrail), A/B', summarize(reference.summary));
    const ratio = summarize(repeated.summary).median / summarize(reference.summary).median;
    console.log(`  → repetida = x${ratio.toFixed(3)} de la referencia; meta ≤ ${TARGET_MS} ms: ${summarize(repeated.summary).median <= TARGET_MS ? 'cumple' : 'NO cumple'} (p50)`);
    console.log('  Recorrido (replay) de un turno abierto:');
    line('primera lectura', summarize(first.replay));
    line('lectura repetida (tras 1 punto nuevo)', summarize(repeated.replay));

    // /api/health alone, then under load. Points keep arriving each second meanwhile.
    const sampleHealth = async (busy: () => Promise<void>, seconds: number): Promise<{ health: Timing; reads: number[] }> => {
      let running = true;
      const reads: number[] = [];
      const arrivals = (async () => {
        while (running) {
          await nextSecond(db, shifts);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      })();
      const load = (async () => {
        while (running) {
          const began = performance.now();
          await busy();
          reads.push(performance.now() - began);
        }
      })();
      const samples: number[] = [];
      const until = performance.now() + seconds * 1000;
      while (performance.now() < until) {
        samples.push(await timed(health));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      running = false;
      await Promise.all([arrivals, load]);
      return { health: summarize(samples), reads };
    };
    console.log(`  /api/health (${HEALTH_SECONDS} s de muestras cada 20 ms; el cliente corre en el mismo proceso que el servidor):`);
    // Every owner has read once (the loops below measure repeated reads; the first ones come last).
    for (const s of shifts) await get(s, 'summary');
    line('sin carga', (await sampleHealth(async () => new Promise((resolve) => setTimeout(resolve, 50)), 3)).health);
    const fourOwners = await sampleHealth(async () => {
      await Promise.all(shifts.map((s) => get(s, 'summary')));
    }, HEALTH_SECONDS);
    line('mientras 4 dueños leen su resumen en bucle', fourOwners.health);
    line('  (cada tanda de 4 lecturas en paralelo)', summarize(fourOwners.reads));
    const oneOwner = await sampleHealth(async () => {
      await Promise.all([0, 1, 2, 3].map(() => get(shift, 'summary')));
    }, HEALTH_SECONDS);
    line('mientras 1 dueño pide 4 resúmenes a la vez, en bucle', oneOwner.health);
    line('  (cada tanda de 4 lecturas en paralelo)', summarize(oneOwner.reads));
    // Four first reads at once (nothing kept: a new server), four owners: the heaviest moment.
    const firstFour: number[] = [];
    const healthFirst: number[] = [];
    for (let round = 0; round < Math.min(ROUNDS, 3); round += 1) {
      await startServer();
      let done = false;
      const reads = timed(() => Promise.all(shifts.map((s) => get(s, 'summary')))).then((value) => {
        done = true;
        return value;
      });
      while (!done) {
        healthFirst.push(await timed(health));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      firstFour.push(await reads);
    }
    line('4 primeras lecturas a la vez (4 dueños, servidor nuevo)', summarize(firstFour));
    line('/api/health durante esas primeras lecturas', summarize(healthFirst));
  } finally {
    await (server as FlotaServer | null)?.close();
  }
}

export async function run(): Promise<void> {
  console.log(`Resumen y recorrido de un turno abierto de ${HOURS} h (issue 32): meta lectura repetida ≤ ${TARGET_MS} ms y /api/health p95 ≤ ${TARGET_MS} ms con 4 en paralelo.`);
  const pglite = await openPglite(null);
  try {
    await benchOn('PGlite (en memoria)', pglite);
  } finally {
    await pglite.close();
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'flota_open_shift_bench');
    const database = await openPostgres(scratch.url);
    try {
      await benchOn('PostgreSQL (base de prueba)', database);
    } finally {
      await database.close();
      await scratch.drop();
    }
  } else {
    console.log('\nPostgreSQL: omitido (BENCH_DATABASE_URL o TEST_DATABASE_URL; scripts/pg-test-server.sh start).');
  }
  console.log(`\nCarga al terminar: ${loadAverage()}`);
}
