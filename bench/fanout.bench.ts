/**
 * `npm run bench -- fanout`: how far the position stream carries across three processes (issues 37
 * and 43: 10,000 taxis at 1 Hz to 20 desks, p95 ≤ 1 s, every position delivered), by adapter.
 *
 * Each arm runs processes of bench/fanoutNode.ts (Flota's socket.io server, its adapter between
 * processes and its location stream); each receives its share of the taxis' points (1 Hz each) and
 * publishes each ingest flush as Flota does. 20 desks (socket.io clients with batches, as the live map
 * connects, in bench/fanoutDesks.ts processes of their own so the bench's client is not what is
 * measured) spread over the arm's processes, each in the owner's room: every desk must receive every
 * taxi's update. The arms, alternated round by round (FANOUT_ARMS):
 *  - `postgres`: three processes, socket.io's PostgreSQL adapter (LISTEN/NOTIFY; over 8 kB through its
 *    table), one relay per flush: Flota's default with DATABASE_URL;
 *  - `postgres-coalesced`: the same, the relay to the other processes coalesced into one message per
 *    FANOUT_RELAY_MS (500): fewer, larger messages;
 *  - `redis`: three processes, socket.io's Redis Streams adapter (REDIS_URL), one relay per flush; the
 *    bench starts Debian's redis-server on a free port (or uses FANOUT_REDIS_URL);
 *  - `memory`: one process with all 20 desks (the embedded database's setup), the reference.
 * After the sending stops, the desks are read every second until nothing more arrives (late updates
 * count, and their latency says how late; an update sent before the round began is not counted).
 * Printed per round: positions delivered per second (sum over desks) and the share of what was due,
 * socket.io messages per second, delivery latency p50/p95 (each update carries its send time), each
 * process's CPU and event-loop p99, and the load average; the table gives every round. Then, for each
 * clustered arm, the fleet is doubled while it meets the target (all delivered, p95 ≤ 1 s), or halved
 * while it does not: the ceiling on this machine.
 *
 * PostgreSQL: FANOUT_DATABASE_URL, else TEST_DATABASE_URL (a scratch database is made and dropped).
 * Knobs: FANOUT_TAXIS (10000), FANOUT_DESKS (20), FANOUT_DESK_PROCESSES (2), FANOUT_SECONDS (8 per
 * round), FANOUT_FLUSH_MS (100, the ingest's flush cadence), FANOUT_RELAY_MS (500), FANOUT_PORT (4620:
 * each arm takes the next four ports), FANOUT_CEILING=off skips the ceiling search.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { startOwnRedis, type OwnRedis } from '../server/tools/testing/ownRedis';
import { createScratchDatabase, type ScratchDatabase } from '../server/tools/testing/scratchDatabase';
import type { DeskReport } from './fanoutDesks';
import type { NodeCommand, NodeReport } from './fanoutNode';
import { cpuReference, loadAverage, ms, roundSucceeded, summarize } from './stats';

const TAXIS = Number(process.env.FANOUT_TAXIS ?? 10_000);
const DESKS = Number(process.env.FANOUT_DESKS ?? 20);
const DESK_PROCESSES = Number(process.env.FANOUT_DESK_PROCESSES ?? 2);
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 8);
const FLUSH_MS = Number(process.env.FANOUT_FLUSH_MS ?? 100);
const RELAY_MS = Number(process.env.FANOUT_RELAY_MS ?? 500);
const PORT = Number(process.env.FANOUT_PORT ?? 4620);
const ARMS = (process.env.FANOUT_ARMS ?? 'postgres,postgres-coalesced,redis,memory').split(',');
/** After a round's sending stops, the desks are read every second until nothing more arrives, at most this long. */
const DRAIN_MAX_MS = 30_000;
/** The issue's target: every position delivered, p95 within a second. */
const DELIVERED_ENOUGH = 0.9999;
const P95_ENOUGH_MS = 1000;

const root = path.resolve(__dirname, '..');
const loader = path.join(root, 'node_modules/tsx/dist/cjs/index.cjs');
const sleep = (ms_: number) => new Promise((resolve) => setTimeout(resolve, ms_));

interface Child {
  child: ChildProcess;
  request<T>(message: object, key: string): Promise<T>;
}

function forkChild(file: string, env: Record<string, string>): Child {
  const child = fork(path.join(__dirname, file), [], { cwd: root, execArgv: ['--require', loader], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const request = <T>(message: object, key: string) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${file} exited (${code})`));
      const onMessage = (reply: Record<string, unknown>) => {
        if (!(key in reply)) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(reply[key] as T);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (Object.keys(message).length) child.send(message);
    });
  return { child, request };
}

async function stopChildren(children: Child[]): Promise<void> {
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || !child.connected) return resolve();
          child.once('exit', () => resolve());
          // A process that does not leave within 5 s is ended (the bench never hangs on its teardown).
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          child.send({ stop: true }, () => undefined);
        }),
    ),
  );
}

interface ArmSpec {
  name: string;
  label: string;
  processes: number;
  adapter: 'postgres' | 'redis' | 'memory';
  relayMs: number;
}

const SPECS: Record<string, ArmSpec> = {
  postgres: { name: 'postgres', label: '3 procesos, adaptador PostgreSQL', processes: 3, adapter: 'postgres', relayMs: 0 },
  'postgres-coalesced': { name: 'postgres-coalesced', label: `3 procesos, PostgreSQL, un relevo cada ${RELAY_MS} ms`, processes: 3, adapter: 'postgres', relayMs: RELAY_MS },
  redis: { name: 'redis', label: '3 procesos, adaptador Redis Streams', processes: 3, adapter: 'redis', relayMs: 0 },
  memory: { name: 'memory', label: '1 proceso, en memoria', processes: 1, adapter: 'memory', relayMs: 0 },
};

interface Arm {
  spec: ArmSpec;
  nodes: Child[];
  desks: Child[];
}

interface RoundResult {
  label: string;
  taxis: number;
  delivered: number;
  due: number;
  perSecond: number;
  messagesPerSecond: number;
  p50: number;
  p95: number;
  nodes: NodeReport[];
  load: string;
}

async function setUp(spec: ArmSpec, port: number, urls: { postgres: string | null; redis: string | null }): Promise<Arm> {
  const nodes: Child[] = [];
  for (let i = 0; i < spec.processes; i++) {
    const node = forkChild('fanoutNode.ts', {
      FANOUT_PORT: String(port + i),
      FANOUT_ADAPTER: spec.adapter,
      FANOUT_DATABASE_URL: urls.postgres ?? '',
      FANOUT_REDIS_URL: urls.redis ?? '',
      FANOUT_RELAY_MS: String(spec.relayMs),
    });
    await node.request({}, 'ready');
    nodes.push(node);
  }
  if (spec.processes > 1) {
    // Each adapter relays to the others once it knows them (heartbeats, or Redis's subscriber count).
    for (let tries = 0; tries < 100; tries++) {
      const counts = await Promise.all(nodes.map((node) => node.request<number>({ servers: true }, 'servers')));
      if (counts.every((n) => n === spec.processes)) break;
      await sleep(100);
    }
  }
  const urlsOfDesks = Array.from({ length: DESKS }, (_, i) => `http://127.0.0.1:${port + (i % spec.processes)}`);
  const desks: Child[] = [];
  for (let p = 0; p < DESK_PROCESSES; p++) {
    const desk = forkChild('fanoutDesks.ts', {});
    await desk.request({}, 'ready');
    await desk.request({ connect: urlsOfDesks.filter((_, i) => i % DESK_PROCESSES === p) }, 'connected');
    desks.push(desk);
  }
  return { spec, nodes, desks };
}

async function round(arm: Arm, taxis: number, label = arm.spec.label): Promise<RoundResult> {
  await Promise.all(arm.desks.map((desk) => desk.request({ reset: true }, 'reset')));
  const share = Math.ceil(taxis / arm.nodes.length);
  const nodeReports = await Promise.all(
    arm.nodes.map((node, i) => {
      const command: NodeCommand = { first: 1 + i * share, count: Math.min(share, taxis - i * share), flushMs: FLUSH_MS, seconds: SECONDS };
      return node.request<NodeReport>({ round: command }, 'report');
    }),
  );
  // Late updates count (their latency says how late): wait until the desks stop receiving.
  const read = () => Promise.all(arm.desks.map((desk) => desk.request<DeskReport>({ report: true }, 'report')));
  let desks = await read();
  for (const began = Date.now(); Date.now() - began < DRAIN_MAX_MS; ) {
    await sleep(1000);
    const again = await read();
    const total = (reports: DeskReport[]) => reports.reduce((sum, desk) => sum + desk.received, 0);
    const grew = total(again) > total(desks);
    desks = again;
    if (!grew) break;
  }
  const published = nodeReports.reduce((sum, report) => sum + report.published, 0);
  const timing = summarize(desks.flatMap((desk) => desk.latencies));
  const delivered = desks.reduce((sum, desk) => sum + desk.received, 0);
  return {
    label,
    taxis,
    delivered,
    due: published * DESKS,
    perSecond: delivered / SECONDS,
    messagesPerSecond: desks.reduce((sum, desk) => sum + desk.messages, 0) / SECONDS,
    p50: timing.median,
    p95: timing.p95,
    nodes: nodeReports,
    load: loadAverage(),
  };
}

function print(result: RoundResult): void {
  const share = result.due ? result.delivered / result.due : 0;
  const perNode = result.nodes.map((n, i) => `P${i + 1} CPU ${(n.cpu * 100).toFixed(0)} %, bucle p99 ${ms(n.loopDelayP99Ms)}`).join(' · ');
  console.log(
    `  ${result.label} (${result.taxis.toLocaleString('es-CL')} taxis): ${Math.round(result.perSecond).toLocaleString('es-CL')} posiciones/s entregadas (${(share * 100).toFixed(2)} % de ${result.due.toLocaleString('es-CL')}), ` +
      `${Math.round(result.messagesPerSecond).toLocaleString('es-CL')} mensajes/s, entrega p50 ${ms(result.p50)} p95 ${ms(result.p95)} · ${perNode} · carga ${result.load}`,
  );
}

const meets = (result: RoundResult) => result.delivered >= result.due * DELIVERED_ENOUGH && result.p95 <= P95_ENOUGH_MS;

export async function run(): Promise<void> {
  const admin = process.env.FANOUT_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const specs = ARMS.map((name) => SPECS[name]).filter((spec): spec is ArmSpec => Boolean(spec));
  let scratch: ScratchDatabase | null = null;
  let redis: OwnRedis | null = null;
  const urls = { postgres: null as string | null, redis: process.env.FANOUT_REDIS_URL ?? null };
  if (specs.some((spec) => spec.adapter === 'postgres')) {
    if (admin) urls.postgres = process.env.FANOUT_DATABASE_URL ?? (scratch = await createScratchDatabase(admin, 'flota_fanout')).url;
    else console.log('fanout: sin PostgreSQL (FANOUT_DATABASE_URL o TEST_DATABASE_URL): se omiten los brazos PostgreSQL.');
  }
  if (specs.some((spec) => spec.adapter === 'redis') && !urls.redis) {
    redis = await startOwnRedis(Number(process.env.FANOUT_REDIS_PORT ?? 0) || undefined).catch((error: unknown) => {
      console.log(`fanout: ${error instanceof Error ? error.message : String(error)}; se omite el brazo Redis.`);
      return null;
    });
    urls.redis = redis?.url ?? null;
  }
  const usable = specs.filter((spec) => (spec.adapter === 'postgres' ? urls.postgres : spec.adapter === 'redis' ? urls.redis : true));
  console.log(
    `Fan-out: ${TAXIS.toLocaleString('es-CL')} taxis a 1 Hz, ${DESKS} escritorios en ${DESK_PROCESSES} procesos, rondas de ${SECONDS} s, un envío del ingreso cada ${FLUSH_MS} ms por proceso; ` +
      `${os.cpus().length} núcleos; referencia de CPU ${ms(cpuReference())}; carga ${loadAverage()}`,
  );
  const arms: Arm[] = [];
  try {
    for (const [i, spec] of usable.entries()) arms.push(await setUp(spec, PORT + 4 * i, urls));
    for (const arm of arms) await round(arm, TAXIS, 'calentamiento');
    const results = new Map<Arm, RoundResult[]>(arms.map((arm) => [arm, []]));
    for (let i = 0; i < 2; i++) {
      for (const arm of i % 2 === 0 ? arms : [...arms].reverse()) {
        const result = await round(arm, TAXIS);
        print(result);
        roundSucceeded(`fanout ${arm.spec.label}`, { errors: result.delivered < result.due * 0.5 ? 1 : 0, ok: result.delivered });
        results.get(arm)?.push(result);
      }
    }
    console.log(`\n| brazo (${TAXIS.toLocaleString('es-CL')} taxis × ${DESKS} escritorios), por ronda | entregado (meta 100 %) | posiciones/s | mensajes/s | p50 | p95 (meta ≤ 1 s) | CPU por proceso | carga a 1 min |`);
    console.log('|---|---|---|---|---|---|---|---|');
    for (const arm of arms) {
      const mine = results.get(arm) ?? [];
      const each = (pick: (r: RoundResult) => string) => mine.map(pick).join(' · ');
      console.log(
        `| ${arm.spec.label} | ${each((r) => `${((r.due ? r.delivered / r.due : 0) * 100).toFixed(2)} %`)} | ${each((r) => Math.round(r.perSecond).toLocaleString('es-CL'))} | ` +
          `${each((r) => Math.round(r.messagesPerSecond).toLocaleString('es-CL'))} | ${each((r) => ms(r.p50))} | ${each((r) => ms(r.p95))} | ` +
          `${each((r) => r.nodes.map((n) => `${(n.cpu * 100).toFixed(0)} %`).join(', '))} | ${each((r) => r.load.split(' ')[0])} |`,
      );
    }

    if (process.env.FANOUT_CEILING !== 'off') {
      console.log('\nTecho (procesos varios): la flota se dobla mientras cumple (todo entregado, p95 ≤ 1 s) o se parte en dos mientras no');
      for (const arm of arms.filter((a) => a.spec.processes > 1)) {
        const held = (results.get(arm) ?? []).every(meets);
        const sizes = held ? [TAXIS * 2, TAXIS * 4] : [TAXIS / 2, TAXIS / 4];
        let last = TAXIS;
        let found = false;
        for (const taxis of sizes) {
          const result = await round(arm, taxis);
          print(result);
          if (meets(result) !== held) {
            const [low, high] = held ? [last, taxis] : [taxis, last];
            console.log(`  ${arm.spec.label}: techo entre ${low.toLocaleString('es-CL')} y ${high.toLocaleString('es-CL')} taxis con ${DESKS} escritorios en esta máquina`);
            found = true;
            break;
          }
          last = taxis;
        }
        if (!found) console.log(`  ${arm.spec.label}: ${held ? 'cumple aún con' : 'no cumple ni con'} ${last.toLocaleString('es-CL')} taxis`);
      }
    }
  } finally {
    for (const arm of arms) await stopChildren([...arm.desks, ...arm.nodes]);
    await redis?.stop();
    await scratch?.drop();
  }
}
