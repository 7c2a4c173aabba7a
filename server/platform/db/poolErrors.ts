/**
 * Every pg.Pool Flota holds goes through this. node-postgres emits 'error' on a client whose
 * connection the server ends (PostgreSQL stopped, pg_terminate_backend); the pool listens only
 * while the client is idle in it, so an error on a checked-out client (a Kysely transaction, the
 * socket.io adapter's LISTEN connection) has no listener and ends the process. A listener on
 * every client from the moment it connects turns that into a log line; the query in hand fails
 * with the same error and the pool drops the dead client when it is released.
 */
import type pg from 'pg';

export function guardPoolErrors(pool: pg.Pool, report: (error: Error) => void): pg.Pool {
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}
