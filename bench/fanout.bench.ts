/**
 * `npm run bench -- fanout`: how far socket.io's PostgreSQL adapter carries the position stream
 * across processes (issue 37). Three processes (bench/fanoutNode.ts: Flota's socket.io server, its
 * PostgreSQL adapter and its location stream) on one PostgreSQL; each receives a third of the taxis'
 * points (1 Hz each) and publishes each ingest flush as Flota does; 20 desks (socket.io clients
 * with batches, as the live map connects) spread over the three, each in the owner's room, so every
 * desk must receive every taxi's update. Against it, in the same run and alternated: ONE process
 * with the in-memory adapter and all 20 desks (what the embedded database runs), at the same load.
 *
 * Printed per round: updates delivered per second (sum over desks) and the share of what was due,
 * socket.io messages per second, delivery latency p50/p95 (each update carries its send time), each
 * process's CPU and event-loop p99, and the load average. Then the fleet size is raised until
 * delivery falls short (the ceiling on this machine).
 *
 * The database: FANOUT_DATABASE_URL, else TEST_DATABASE_URL (a scratch database is made and dropped).
 * FANOUT_TAXIS (5000), FANOUT_DESKS (20), FANOUT_SECONDS (8 per round), FANOUT_FLUSH_MS (100, the
 * ingest's flush cadence: 100 ms sends messages over 8 kB, which the adapter passes through its
 * table; 25 ms keeps them in NOTIFY), FANOUT_PORT (4620: the processes take it and the next two),
 * FANOUT_CEILING=off skips the ceiling search.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { SocketEvent, type LocationBatchPayload } from '../contract/socket';
import { createScratchDatabase, type ScratchDatabase } from '../server/tools/testing/scratchDatabase';
import type { NodeCommand, NodeReport } from './fanoutNode';
import { OWNER_ID } from './fanoutNode';
import { cpuReference, loadAverage, ms, roundSucceeded, summarize } from './stats';

const TAXIS = Number(process.env.FANOUT_TAXIS ?? 5000);
const DESKS = Number(process.env.FANOUT_DESKS ?? 20);
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 8);
const FLUSH_MS = Number(process.env.FANOUT_FLUSH_MS ?? 100);
const PORT = Number(process.env.FANOUT_PORT ?? 4620);
/** Updates still in flight when a round's sending stops are given this long to arrive. */
const DRAIN_MS = 3000;
/** Delivery below this share of what was due, or a p95 above 1 s, is past the ceiling. */
const DELIVERED_ENOUGH = 0.99;
const P95_ENOUGH_MS = 1000;

const root = path.resolve(__dirname, '..');
const sleep = (ms_: number) => new Promise((resolve) => setTimeout(resolve, ms_));

interface Node {
  child: ChildProcess;
  url: string;
  request<T>(message: object, key: string): Promise<T>;
}

async function startNode(port: number, databaseUrl: string | null): Promise<Node> {
  const child = fork(path.join(__dirname, 'fanoutNode.ts'), [], {
    cwd: root,
    execArgv: ['--require', path.join(root, 'node_modules/tsx/dist/cjs/index.cjs')],
    env: { ...process.env, FANOUT_PORT: String(port), FANOUT_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const request = <T>(message: object, key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (reply: Record<string, unknown>) => {
        if (!(key in reply)) return;
        child.off('message', onMessage);
        resolve(reply[key] as T);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`fan-out process exited (${code})`)));
      if (Object.keys(message).length) child.send(message);
    });
  await request({}, 'ready');
  return { child, url: `http://127.0.0.1:${port}`, request };
}

async function stopNodes(nodes: Node[]): Promise<void> {
  await Promise.all(
    nodes.map(
      (node) =>
        new Promise<void>((resolve) => {
          if (node.child.exitCode !== null || !node.child.connected) return resolve();
          node.child.once('exit', () => resolve());
          // A process that does not leave within 5 s is ended (the bench never hangs on its teardown).
          setTimeout(() => node.child.kill('SIGKILL'), 5000).unref();
          node.child.send({ stop: true }, () => undefined);
        }),
    ),
  );
}

interface Desk {
  socket: Socket;
  received: number;
  messages: number;
  latencies: number[];
}

async function openDesks(nodes: Node[]): Promise<Desk[]> {
  const desks: Desk[] = [];
  for (let i = 0; i < DESKS; i++) {
    const socket = connect(nodes[i % nodes.length].url, { auth: { token: 'bench', batch: true }, transports: ['websocket'], forceNew: true, reconnection: false });
    const desk: Desk = { socket, received: 0, messages: 0, latencies: [] };
    socket.on(SocketEvent.locationBatch, (payload: LocationBatchPayload) => {
      const now = Date.now();
      desk.messages += 1;
      desk.received += payload.updates.length;
      // One latency per message (its updates share their send time): enough samples, little work.
      if (payload.updates.length) desk.latencies.push(now - Date.parse(payload.updates[0].timestamp));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = await socket.timeout(5000).emitWithAck(SocketEvent.joinOwnerRoom, OWNER_ID);
    if (!(ack as { ok: boolean }).ok) throw new Error('join_owner_room refused');
    desks.push(desk);
  }
  return desks;
}

interface RoundResult {
  label: string;
  delivered: number;
  due: number;
  perSecond: number;
  messagesPerSecond: number;
  p50: number;
  p95: number;
  nodes: NodeReport[];
}

async function round(label: string, nodes: Node[], desks: Desk[], taxis: number): Promise<RoundResult> {
  for (const desk of desks) Object.assign(desk, { received: 0, messages: 0, latencies: [] });
  const share = Math.ceil(taxis / nodes.length);
  const reports = nodes.map((node, i) => {
    const command: NodeCommand = { first: 1 + i * share, count: Math.min(share, taxis - i * share), flushMs: FLUSH_MS, seconds: SECONDS };
    return node.request<NodeReport>({ round: command }, 'report');
  });
  const nodeReports = await Promise.all(reports);
  await sleep(DRAIN_MS);
  const published = nodeReports.reduce((sum, report) => sum + report.published, 0);
  const due = published * desks.length;
  const delivered = desks.reduce((sum, desk) => sum + desk.received, 0);
  const timing = summarize(desks.flatMap((desk) => desk.latencies));
  return {
    label,
    delivered,
    due,
    perSecond: delivered / SECONDS,
    messagesPerSecond: desks.reduce((sum, desk) => sum + desk.messages, 0) / SECONDS,
    p50: timing.median,
    p95: timing.p95,
    nodes: nodeReports,
  };
}

function print(result: RoundResult): void {
  const share = result.due ? result.delivered / result.due : 0;
  const perNode = result.nodes.map((n, i) => `P${i + 1} CPU ${(n.cpu * 100).toFixed(0)} %, bucle p99 ${ms(n.loopDelayP99Ms)}`).join(' · ');
  console.log(
    `  ${result.label}: ${Math.round(result.perSecond).toLocaleString('es-CL')} posiciones/s entregadas (${(share * 100).toFixed(2)} % de ${result.due.toLocaleString('es-CL')}), ` +
      `${Math.round(result.messagesPerSecond).toLocaleString('es-CL')} mensajes/s, entrega p50 ${ms(result.p50)} p95 ${ms(result.p95)} · ${perNode} · carga ${loadAverage()}`,
  );
}

interface Setup {
  label: string;
  nodes: Node[];
  desks: Desk[];
}

async function setUp(label: string, count: number, databaseUrl: string | null, port: number): Promise<Setup> {
  const nodes: Node[] = [];
  for (let i = 0; i < count; i++) nodes.push(await startNode(port + i, databaseUrl));
  if (databaseUrl) {
    // Each adapter relays to the others once it has heard their heartbeat.
    for (let tries = 0; tries < 100; tries++) {
      const counts = await Promise.all(nodes.map((node) => node.request<number>({ servers: true }, 'servers')));
      if (counts.every((n) => n === count)) break;
      await sleep(100);
    }
  }
  return { label, nodes, desks: await openDesks(nodes) };
}

async function tearDown(setup: Setup): Promise<void> {
  for (const desk of setup.desks) desk.socket.close();
  await stopNodes(setup.nodes);
}

export async function run(): Promise<void> {
  const admin = process.env.FANOUT_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!admin) {
    console.log('fanout: sin PostgreSQL (FANOUT_DATABASE_URL o TEST_DATABASE_URL); se omite.');
    return;
  }
  let scratch: ScratchDatabase | null = null;
  const databaseUrl = process.env.FANOUT_DATABASE_URL ?? (scratch = await createScratchDatabase(admin, 'flota_fanout')).url;
  console.log(`Fan-out: ${TAXIS.toLocaleString('es-CL')} taxis a 1 Hz, ${DESKS} escritorios, rondas de ${SECONDS} s, un envío del ingreso cada ${FLUSH_MS} ms por proceso; ${os.cpus().length} núcleos; referencia de CPU ${ms(cpuReference())}`);
  const three = await setUp('3 procesos, adaptador PostgreSQL', 3, databaseUrl, PORT);
  const one = await setUp('1 proceso, en memoria', 1, null, PORT + 3);
  try {
    // A and B alternated, two rounds each, after one unmeasured warm-up round each.
    await round('calentamiento', three.nodes, three.desks, TAXIS);
    await round('calentamiento', one.nodes, one.desks, TAXIS);
    const results: RoundResult[] = [];
    for (let i = 0; i < 2; i++) {
      for (const setup of i % 2 === 0 ? [three, one] : [one, three]) {
        const result = await round(setup.label, setup.nodes, setup.desks, TAXIS);
        print(result);
        roundSucceeded(`fanout ${setup.label}`, { errors: result.delivered < result.due * 0.5 ? 1 : 0, ok: result.delivered });
        results.push(result);
      }
    }
    for (const setup of [three, one]) {
      const mine = results.filter((r) => r.label === setup.label);
      const median = (values: number[]) => summarize(values).median;
      console.log(
        `${setup.label}: mediana ${Math.round(median(mine.map((r) => r.perSecond))).toLocaleString('es-CL')} posiciones/s entregadas de ${(TAXIS * DESKS).toLocaleString('es-CL')} debidas, p95 ${ms(median(mine.map((r) => r.p95)))}`,
      );
    }

    if (process.env.FANOUT_CEILING !== 'off') {
      console.log('Techo (3 procesos, PostgreSQL): se sube la flota hasta que la entrega no alcanza');
      for (const taxis of [10_000, 20_000, 40_000]) {
        const result = await round(`${taxis.toLocaleString('es-CL')} taxis`, three.nodes, three.desks, taxis);
        print(result);
        if (result.delivered < result.due * DELIVERED_ENOUGH || result.p95 > P95_ENOUGH_MS) {
          console.log(`  techo: entre ${(taxis / 2).toLocaleString('es-CL')} y ${taxis.toLocaleString('es-CL')} taxis con ${DESKS} escritorios en esta máquina`);
          break;
        }
      }
    }
  } finally {
    await tearDown(three);
    await tearDown(one);
    await scratch?.drop();
  }
}
