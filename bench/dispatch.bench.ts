/**
 * `npm run bench -- dispatch` (issue 25): a fleet of 5,000 taxis on shift whose positions go through
 * the real pipeline (POST /api/driver/locations), then
 *  - candidates for a pickup, p50/p95: the server's own time (the route's Server-Timing: the search
 *    in memory; target p95 ≤ 5 ms) beside the loopback round trip (HTTP, JSON, the event loop);
 *  - booking → offer on the driver's socket: from POST /dispatch/bookings/create-and-offer ("Crear y
 *    ofrecer", one request) until the `offer` event reaches the chosen driver's socket, p95 (target
 *    ≤ 300 ms), alternated with the two-request reference (POST /dispatch/bookings, then "Ofrecer");
 *  - 4 dispatchers creating and assigning 200 bookings each at once against 100 free taxis: the
 *    number of double assignments (target 0).
 * While measuring, a mover in its own process (dispatchMover.ts) sends every taxi's next position
 * once a second: 5,000 requests/s asked; the achieved rate is printed. Prints figures and the load
 * average; never fails on timing, but a mover whose requests met errors is a FALLO (stats.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { DISPATCH_DEFAULTS } from '../server/modules/dispatch';
import { loadConfig } from '../server/platform/config';
import { createOnShiftFleet, type OnShiftDriver } from '../server/tools/testing/bulkFleet';
import { apiCall } from '../server/tools/testing/http';
import { openOwnerSocket } from '../server/tools/testing/ownerSocket';
import { createScratchDatabase } from '../server/tools/testing/scratchDatabase';
import { startTestServer, TEST_JWT_SECRET } from '../server/tools/testing/testServer';
import type { MoverConfig, MoverResult } from './dispatchMover';
import { spot as spotOf } from './dispatchSpots';
import { startServerProfile } from './serverProfile';
import { loadAverage, roundSucceeded, summarize } from './stats';

const TAXIS = Number(process.env.DISPATCH_BENCH_TAXIS ?? 5000);
const CANDIDATE_QUERIES = 200;
const OFFERS = 40;
const DISPATCHERS = 4;
const BOOKINGS_EACH = 200;
const FREE_TAXIS = 100;
const CONCURRENCY = 32;
/**
 * The mover's sockets (DISPATCH_BENCH_MOVER_CONNECTIONS). The ingest answers a request once its
 * point is committed (group commit: tens of ms under load), so the mover's rate is at most
 * sockets ÷ latency: 64 sockets at 50 ms make 1,280/s whatever the server could do, while the
 * server stays out of overload. A fleet's phones each have their own socket: 500 (one per 10
 * taxis) keeps the stream open-loop, and shows the server's own ceiling (and its overload).
 */
const MOVER_CONNECTIONS = Number(process.env.DISPATCH_BENCH_MOVER_CONNECTIONS ?? 64);
const MOVER_WARMUP_MS = 3000;

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const spot = (i: number, round: number) => spotOf(i, round, TAXIS);

async function inParallel<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

/** The mover process; stop() ends it and answers what it achieved. */
function startMover(url: string, tokens: string[], workDir: string): { stop(): Promise<MoverResult> } {
  const tokensFile = path.join(workDir, 'tokens.json');
  writeFileSync(tokensFile, JSON.stringify(tokens));
  const config: MoverConfig = { url, tokensFile, rate: tokens.length, connections: MOVER_CONNECTIONS };
  const configFile = path.join(workDir, 'mover.json');
  writeFileSync(configFile, JSON.stringify(config));
  const loader = path.resolve(__dirname, '../node_modules/tsx/dist/cjs/index.cjs');
  const child: ChildProcess = spawn(process.execPath, ['--require', loader, path.join(__dirname, 'dispatchMover.ts'), configFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const done = new Promise<MoverResult>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() as string) as MoverResult) : reject(new Error(`mover exited ${code}`)))),
  );
  return {
    stop() {
      child.kill('SIGTERM');
      return done;
    },
  };
}

export async function run(): Promise<void> {
  // DISPATCH_BENCH_DATABASE_URL (an admin URL such as TEST_DATABASE_URL): the same run on a scratch PostgreSQL database.
  const adminUrl = process.env.DISPATCH_BENCH_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'flota_dispatch_bench') : null;
  const server = await startTestServer({
    // One desk token creates every booking here: the per-person limit would measure itself.
    dispatch: { ...DISPATCH_DEFAULTS, offerSeconds: 60, bookingsPerMinute: 100_000 },
    // autocannon ignores `Connection: close`: past the default 1,000 requests on one connection the
    // mover's requests would be answered 503 (as the ingest bench raises MAX_REQUESTS_PER_SOCKET).
    timeouts: loadConfig({ JWT_SECRET: TEST_JWT_SECRET, MAX_REQUESTS_PER_SOCKET: '1000000' }).timeouts,
    ...(scratch ? { databaseUrl: scratch.url } : {}),
  });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'flota-dispatch-bench-'));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  console.log(`Base de datos: ${scratch ? 'PostgreSQL (DISPATCH_BENCH_DATABASE_URL)' : 'PGlite embebida'} · ${os.cpus().length} núcleos · carga ${loadAverage()}`);
  try {
    const fleet = await createOnShiftFleet(server.db, { drivers: TAXIS, jwtSecret: TEST_JWT_SECRET });
    const desk = (await apiCall(server.url, '/api/auth/login', { json: { rut: fleet.ownerRut, password: fleet.password } })).body.token as string;
    const post = (driver: OnShiftDriver, round: number, at = spot(fleet.drivers.indexOf(driver), round)) =>
      apiCall(server.url, '/api/driver/locations', { token: driver.token, json: { locations: [{ ...at, timestamp: new Date().toISOString() }] } });

    let started = performance.now();
    await inParallel(fleet.drivers, (driver) => post(driver, 0));
    console.log(`${TAXIS} taxis ubicados por POST /api/driver/locations en ${((performance.now() - started) / 1000).toFixed(1)} s · carga ${loadAverage()}`);

    const candidateRound = async (label: string) => {
      const serverTimes: number[] = [];
      const roundTrips: number[] = [];
      let found = 0;
      for (let i = 0; i < CANDIDATE_QUERIES; i += 1) {
        const at = spot((i * 37) % TAXIS, 0);
        const t0 = performance.now();
        const response = await fetch(`${server.url}/api/dispatch/candidates?latitude=${at.latitude}&longitude=${at.longitude}`, { headers: { authorization: `Bearer ${desk}` } });
        const body = (await response.json()) as { candidates: unknown[] };
        roundTrips.push(performance.now() - t0);
        serverTimes.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN));
        found += body.candidates.length;
      }
      const own = summarize(serverTimes);
      const trip = summarize(roundTrips);
      console.log(
        `Candidatos ${label}: tiempo del servidor p50 ${ms(own.median)} · p95 ${ms(own.p95)} (meta p95 ≤ 5 ms) · ` +
          `ida y vuelta local p50 ${ms(trip.median)} · p95 ${ms(trip.p95)} · ${(found / CANDIDATE_QUERIES).toFixed(1)} por consulta · carga ${loadAverage()}`,
      );
    };
    await candidateRound('sin posiciones llegando');

    /**
     * Booking → offer on the driver's socket, OFFERS times each way, alternated: "Crear y ofrecer" in
     * one request (POST /dispatch/bookings/create-and-offer, what the desk sends), and the same-run
     * reference of two requests (the booking's POST, then "Ofrecer"), with its two halves and
     * "Ofrecer"'s own answer. The event's time is taken as it arrives: the driver sees the offer then,
     * whether or not the desk's answer came.
     */
    const offerRound = async (label: string) => {
      const total: number[] = [];
      const creating: number[] = [];
      const offering: number[] = [];
      const answered: number[] = [];
      const oneRequest: number[] = [];
      const oneAnswered: number[] = [];
      for (let i = 0; i < OFFERS * 2; i += 1) {
        const driver = fleet.drivers[(i * 131 + label.length) % TAXIS];
        // The pickup is this taxi's own spot (the mover moves it ~2 m back and forth): it is the nearest.
        const at = spot(fleet.drivers.indexOf(driver), 0);
        const phone = await openOwnerSocket(server.url, { token: driver.token });
        const body = { customer_phone: '+56 9 1111 2222', pickup: { ...at, label: 'Banco' } };
        try {
          const offered = () =>
            phone.waitFor((e) => e.event === 'offer' && (e.payload as { offer: unknown }).offer !== null, 10_000).then((event) => ({ event, at: performance.now() }));
          const t0 = performance.now();
          let id: number;
          let arrived: { event: { payload: unknown }; at: number };
          if (i % 2 === 0) {
            const [event, created] = await Promise.all([offered(), apiCall(server.url, '/api/dispatch/bookings/create-and-offer', { token: desk, json: body })]);
            oneAnswered.push(performance.now() - t0);
            oneRequest.push(event.at - t0);
            id = created.body.booking.id;
            arrived = event;
          } else {
            const created = await apiCall(server.url, '/api/dispatch/bookings', { token: desk, json: body });
            const t1 = performance.now();
            id = created.body.booking.id;
            const [event] = await Promise.all([offered(), apiCall(server.url, `/api/dispatch/bookings/${id}/offer`, { token: desk, json: {} })]);
            total.push(event.at - t0);
            creating.push(t1 - t0);
            offering.push(event.at - t1);
            answered.push(performance.now() - t1);
            arrived = event;
          }
          if ((arrived.event.payload as { offer: { booking: { id: number } } }).offer.booking.id !== id) throw new Error('la oferta llegó a otro conductor');
          await apiCall(server.url, `/api/dispatch/bookings/${id}/cancel`, { token: desk, json: { reason: 'bench' } });
        } finally {
          phone.close();
        }
      }
      const one = summarize(oneRequest);
      const all = summarize(total);
      console.log(
        `Crear y ofrecer (una petición) → oferta en el socket del conductor ${label}: p50 ${ms(one.median)} · p95 ${ms(one.p95)} (meta p95 ≤ 300 ms) · ` +
          `respuesta a la central p50 ${ms(summarize(oneAnswered).median)} · ` +
          `referencia en dos peticiones (crear, luego Ofrecer): p50 ${ms(all.median)} · p95 ${ms(all.p95)} · ` +
          `crear p50 ${ms(summarize(creating).median)} + ofrecer→evento p50 ${ms(summarize(offering).median)} · respuesta de Ofrecer p50 ${ms(summarize(answered).median)} · ` +
          `carga ${loadAverage()}`,
      );
    };
    await offerRound('sin posiciones llegando');

    // The mover: every taxi once a second, from its own process, while the figures are taken.
    const mover = startMover(server.url, fleet.drivers.map((d) => d.token), workDir);
    await new Promise((resolve) => setTimeout(resolve, MOVER_WARMUP_MS));
    loop.enable();
    // DISPATCH_BENCH_PROFILE=<file.cpuprofile>: the server's main thread profiled while the stream runs.
    const profiler = process.env.DISPATCH_BENCH_PROFILE ? await startServerProfile() : null;
    const cpuBefore = process.cpuUsage();
    const eluBefore = performance.eventLoopUtilization();
    const streamStarted = performance.now();
    await candidateRound(`con ${TAXIS} posiciones/s pedidas`);

    await offerRound(`con ${TAXIS} posiciones/s pedidas`);

    const moved = await mover.stop();
    const movedClean = roundSucceeded(`movedor (${TAXIS} posiciones/s pedidas)`, moved);
    const streamMs = performance.now() - streamStarted;
    const cpu = process.cpuUsage(cpuBefore);
    const mainBusy = performance.eventLoopUtilization(eluBefore).utilization;
    loop.disable();
    if (profiler) await profiler.stop(process.env.DISPATCH_BENCH_PROFILE as string);
    // The server process's CPU (every thread: HTTP, JSON and socket.io on the main one, PGlite's worker, GC), and how much of the
    // time its event loop was not idle: far above its CPU share means the process waited for a core (other work on the machine).
    const processCores = (cpu.user + cpu.system) / 1000 / streamMs;
    console.log(
      `CPU del proceso servidor con el flujo: ${processCores.toFixed(2)} núcleos (todos sus hilos) · bucle de eventos no inactivo ${(mainBusy * 100).toFixed(0)} % del tiempo · ` +
        `${(moved.rate / processCores).toFixed(0)} posiciones por segundo de CPU del servidor · proceso generador ${moved.cpuCores.toFixed(2)} núcleos, ${MOVER_CONNECTIONS} conexiones`,
    );
    console.log(`Retraso del bucle de eventos del servidor con el flujo: p50 ${ms(loop.percentile(50) / 1e6)} · p99 ${ms(loop.percentile(99) / 1e6)}`);
    console.log(
      `Posiciones durante la medición: ${moved.ok} en ${moved.seconds.toFixed(1)} s = ${movedClean ? `${moved.rate.toFixed(0)}/s` : 'FALLO'} (pedidas ${TAXIS}/s, 1 por taxi por segundo; ` +
        `${moved.errors} errores; respuesta p50 ${moved.p50} ms · p95 ${moved.p95} ms) · carga ${loadAverage()}`,
    );

    // 4 dispatchers × 200 bookings against 100 taxis (every other taxi out of service).
    const free = fleet.drivers.slice(0, FREE_TAXIS);
    await sql`insert into shift_availability (shift_id, owner_id, availability)
      select s.id, s.owner_id, 'fuera_de_servicio' from shifts s where s.owner_id = ${fleet.ownerId} and s.end_time is null and not (s.id = any(${free.map((d) => d.shiftId)}::int[]))
      on conflict (shift_id) do update set availability = excluded.availability`.execute(server.db);
    started = performance.now();
    const statuses = (
      await Promise.all(
        Array.from({ length: DISPATCHERS }, async (_d, dispatcher) => {
          const outcomes: number[] = [];
          for (let i = 0; i < BOOKINGS_EACH; i += 1) {
            const driver = free[(i * 7 + dispatcher * 13) % FREE_TAXIS];
            const created = await apiCall(server.url, '/api/dispatch/bookings', { token: desk, json: { customer_phone: '+56 9 3333 4444', pickup: { ...spot(i, 0), label: 'x' } } });
            outcomes.push((await apiCall(server.url, `/api/dispatch/bookings/${created.body.booking.id}/assign`, { token: desk, json: { driver_id: driver.id } })).status);
          }
          return outcomes;
        }),
      )
    ).flat();
    const { rows } = await sql<{ doubles: number }>`select count(*)::int as doubles from (select driver_id from bookings
      where status in ('asignado', 'en_camino', 'en_el_lugar', 'a_bordo') group by driver_id having count(*) > 1) t`.execute(server.db);
    console.log(
      `${DISPATCHERS} despachadores × ${BOOKINGS_EACH} reservas contra ${FREE_TAXIS} taxis libres en ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `${statuses.filter((s) => s === 200).length} asignadas, ${statuses.filter((s) => s === 409).length} rechazadas (409), otras ${statuses.filter((s) => s !== 200 && s !== 409).length} · ` +
        `asignaciones dobles: ${rows[0].doubles} (meta 0) · carga ${loadAverage()}`,
    );
  } finally {
    await server.close();
    await scratch?.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
