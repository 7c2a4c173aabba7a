/**
 * One Flota process's worth of the position stream for `npm run bench -- fanout` (fanout.bench.ts
 * starts three, or one): an HTTP server with Flota's socket.io server, its adapter between processes
 * (FANOUT_ADAPTER: `postgres` with FANOUT_DATABASE_URL, as with DATABASE_URL; `redis` with
 * FANOUT_REDIS_URL, as with REDIS_URL; `memory`: one process), and Flota's own location stream
 * (platform/realtime/locationStream.ts; FANOUT_RELAY_MS: its relay to the other processes coalesced). Told by its parent (IPC) how many taxis it takes and how
 * often its ingest flushes, it publishes each flush as the ingest does: one call per owner per flush,
 * each update stamped with the time it was sent (delivery latency is read against it).
 * Every token is the fleet's owner: the bench measures the fan-out, not the login.
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import type { LocationUpdatePayload } from '../contract/socket';
import { attachPostgresAdapter } from '../server/platform/realtime/postgresAdapter';
import { attachRedisAdapter } from '../server/platform/realtime/redisAdapter';
import { createLocationStream } from '../server/platform/realtime/locationStream';
import { createSocketServer } from '../server/platform/realtime/socketServer';

export const OWNER_ID = 1;

export interface NodeCommand {
  /** Taxis whose points this process receives: ids [first, first + count). */
  first: number;
  count: number;
  /** The ingest's flush every this many ms (the updates of the taxis due meanwhile go in one call). */
  flushMs: number;
  seconds: number;
}

export interface NodeReport {
  published: number;
  flushes: number;
  /** This process's CPU over the round, as a share of one core. */
  cpu: number;
  loopDelayP99Ms: number;
}

async function main() {
  const port = Number(process.env.FANOUT_PORT);
  const adapter = process.env.FANOUT_ADAPTER ?? 'memory';
  const log = Fastify({ logger: false }).log;
  const http = createServer();
  const io = createSocketServer(http, {
    identity: { authenticate: async () => ({ id: OWNER_ID, ownerId: OWNER_ID, role: 'dueño' }), rolesFor: () => ['dueño'] },
    corsOrigins: [],
    log,
  });
  const closeAdapter =
    adapter === 'redis'
      ? await attachRedisAdapter(io, process.env.FANOUT_REDIS_URL as string, log)
      : adapter === 'postgres'
        ? await attachPostgresAdapter(io, process.env.FANOUT_DATABASE_URL as string, log)
        : async () => undefined;
  const publish = createLocationStream(io, adapter !== 'memory', { relayEveryMs: Number(process.env.FANOUT_RELAY_MS ?? 0) });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));

  process.on('message', (message: { round?: NodeCommand; servers?: true; stop?: true }) => {
    if (message.servers) {
      void io
        .of('/')
        .adapter.serverCount()
        .then((count) => process.send?.({ servers: count }));
    }
    if (message.stop) {
      // The adapter's close may wait on its LISTEN connection: leave within 2 s whatever it does.
      setTimeout(() => process.exit(0), 2000).unref();
      io.close();
      void closeAdapter().finally(() => process.exit(0));
    }
    const round = message.round;
    if (!round) return;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const cpuBefore = process.cpuUsage();
    const began = performance.now();
    let published = 0;
    let flushes = 0;
    // Each taxi reports once a second: a flush carries the taxis whose second came round since the last one.
    let cursor = 0;
    const perFlush = (round.count * round.flushMs) / 1000;
    let owed = 0;
    const timer = setInterval(() => {
      owed += perFlush;
      const take = Math.floor(owed);
      owed -= take;
      if (!take) return;
      const sentAt = new Date().toISOString();
      const updates: LocationUpdatePayload[] = [];
      for (let i = 0; i < take; i++) {
        const id = round.first + (cursor++ % round.count);
        updates.push({ shift_id: id, latitude: -32.45 + (id % 100) * 0.001, longitude: -71.22 + Math.floor(id / 100) * 0.001, timestamp: sentAt, speed: 8.3, heading: 90 } as LocationUpdatePayload);
      }
      publish(OWNER_ID, updates);
      published += updates.length;
      flushes += 1;
    }, round.flushMs);
    setTimeout(() => {
      clearInterval(timer);
      const cpu = process.cpuUsage(cpuBefore);
      delay.disable();
      const report: NodeReport = { published, flushes, cpu: (cpu.user + cpu.system) / 1000 / (performance.now() - began), loopDelayP99Ms: delay.percentile(99) / 1e6 };
      process.send?.({ report });
    }, round.seconds * 1000);
  });
  process.send?.({ ready: true });
}

// Only as the forked process (fanout.bench.ts imports this file for its types and OWNER_ID).
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
