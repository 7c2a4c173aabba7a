/**
 * With REDIS_URL (beside DATABASE_URL), socket.io's Redis Streams adapter carries events between
 * the server processes instead of PostgreSQL's LISTEN/NOTIFY (docs/scaling.md: at 10,000 taxis the
 * NOTIFY path fell behind). Broadcasts to rooms go through a Redis stream, so a desk's socket that
 * drops for a moment can be given what it missed; the position stream's flushes and dispatch's taxi
 * states (serverSideEmit) through Redis PUB/SUB. PostgreSQL stays the database and the leader's lock.
 *
 * node-redis keeps its offline queue on (TOOLCHAIN.md: with it off the process stalled; with it on a
 * 2.3 s Redis outage lost none of 1,500 events) and reconnects by itself; an error is logged, and
 * the desks resync once Redis answers again, as with the PostgreSQL adapter (resync.ts).
 */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { createResyncSignal } from './resync';
import type { FlotaSocketServer } from './socketServer';

export async function attachRedisAdapter(io: FlotaSocketServer, redisUrl: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const client = createClient({ url: redisUrl });
  let failing = false;
  const resync = createResyncSignal(io, () => client.ping().then(() => undefined), log);
  client.on('error', (error: unknown) => {
    if (!failing) log.warn({ err: error }, 'socket.io: error del adaptador Redis');
    failing = true;
  });
  client.on('ready', () => {
    if (!failing) return;
    failing = false;
    log.warn('socket.io: el adaptador Redis vuelve a responder; los escritorios se resincronizan');
    resync.everywhereWhenBack();
  });
  await client.connect();
  // Positions and states are JSON: no binary to look for in each message.
  io.adapter(createAdapter(client, { onlyPlaintext: true }));
  return async () => {
    resync.stop();
    await client.quit().catch(() => undefined);
  };
}
