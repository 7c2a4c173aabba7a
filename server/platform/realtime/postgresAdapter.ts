/**
 * With DATABASE_URL, socket.io rooms span every server process on the same database: the
 * PostgreSQL adapter relays each emit through LISTEN/NOTIFY (payloads over 8 kB go through its
 * table). It uses a small pool of its own (one connection stays on LISTEN), closed with the server.
 *
 * A database restart or a terminated backend must not end the process nor leave the fan-out dead
 * (issue 32). The adapter reconnects its LISTEN client by itself when the client ends, but:
 * - the client's 'error' had no listener while checked out (the process died): guardPoolErrors;
 * - it never gave the dead client back, so after `max` drops the pool had no room and the LISTEN
 *   never came back: listenPool releases it when it ends;
 * - what was published while the channel was down is gone (NOTIFY keeps nothing): when this
 *   process's LISTEN is back its desks resync, and when one of its own publishes failed, every
 *   process's desks resync once the database answers again (resync.ts).
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { guardPoolErrors } from '../db/poolErrors';
import { createResyncSignal } from './resync';
import type { FlotaSocketServer } from './socketServer';

export const ADAPTER_TABLE = 'socket_io_attachments';

/** The part of a pg.Pool the adapter uses (connect for its LISTEN client, query for the rest). */
type AdapterPool = Pick<pg.Pool, 'connect' | 'query'>;

/**
 * The pool as the adapter sees it: a client it takes (only ever its LISTEN client) goes back to the
 * pool, as dead, when its connection ends; each LISTEN after the first one means "reconnected".
 */
function listenPool(pool: pg.Pool, onListenAgain: () => void): AdapterPool {
  let listened = false;
  return {
    query: pool.query.bind(pool) as pg.Pool['query'],
    connect: (async () => {
      const client = await pool.connect();
      const poolRelease = client.release;
      let released = false;
      // Once only, whoever comes first: the adapter's close() or the connection's end.
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        poolRelease(error);
      };
      client.release = releaseOnce;
      client.once('end', () => releaseOnce(new Error('LISTEN connection ended')));
      // The adapter runs LISTEN right after connect: once it succeeded, the channel hears again.
      const query = client.query.bind(client) as (text: string) => Promise<unknown>;
      client.query = ((text: unknown, ...rest: unknown[]) => {
        const result = (query as (...args: unknown[]) => unknown)(text, ...rest);
        if (typeof text === 'string' && text.startsWith('LISTEN ') && result instanceof Promise) {
          result.then(() => {
            if (listened) onListenAgain();
            listened = true;
          }, () => undefined);
        }
        return result;
      }) as typeof client.query;
      return client;
    }) as pg.Pool['connect'],
  };
}

export async function attachPostgresAdapter(io: FlotaSocketServer, databaseUrl: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  // connectionTimeoutMillis: a database that accepts no connection (half-down) fails a publish instead of queueing it forever.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3, connectionTimeoutMillis: 5000 });
  guardPoolErrors(pool, (error) => log.warn({ err: error }, 'socket.io: se cerró una conexión del adaptador PostgreSQL'));
  await pool.query(`create table if not exists ${ADAPTER_TABLE} (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  )`);
  const resync = createResyncSignal(io, () => pool.query('select 1').then(() => undefined), log);
  const adapterPool = listenPool(pool, () => {
    log.warn('socket.io: el adaptador PostgreSQL vuelve a escuchar; los escritorios se resincronizan');
    // Peers whose heartbeats were missed for 10 s count as gone (the position stream then stops
    // sending them flushes): announce ourselves, as at start, so every peer answers at once.
    void io.of('/').adapter.init();
    resync.local();
  });
  io.adapter(
    createAdapter(adapterPool as pg.Pool, {
      errorHandler: (error) => {
        log.warn({ err: error }, 'socket.io: error del adaptador PostgreSQL');
        // A publish (or a fetched attachment) that failed is an event some process never saw.
        resync.everywhereWhenBack();
      },
    }),
  );
  return async () => {
    resync.stop();
    await pool.end();
  };
}
