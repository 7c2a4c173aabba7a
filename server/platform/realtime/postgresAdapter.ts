/**
 * With DATABASE_URL, socket.io rooms span every server process on the same database: the
 * PostgreSQL adapter relays each emit through LISTEN/NOTIFY (payloads over 8 kB go through its
 * table). It uses a small pool of its own (one connection stays on LISTEN), closed with the server.
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { FlotaSocketServer } from './socketServer';

export const ADAPTER_TABLE = 'socket_io_attachments';

export async function attachPostgresAdapter(io: FlotaSocketServer, databaseUrl: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on('error', (error) => log.error({ err: error }, 'socket.io: error en la conexión del adaptador PostgreSQL'));
  await pool.query(`create table if not exists ${ADAPTER_TABLE} (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  )`);
  io.adapter(createAdapter(pool, { errorHandler: (error) => log.warn({ err: error }, 'socket.io: error del adaptador PostgreSQL') }));
  return () => pool.end();
}
