/**
 * "This driver changed": the signal that keeps every process's driver cache true. The writes that
 * change what the ingest caches (shift start and end, delete, deactivation, password reset, vehicle
 * change, device identifier regeneration) call driverChanged() from their repo functions, so any caller is covered. It tells this
 * process's caches at once and, through pg_notify, every process LISTENing on the same PostgreSQL
 * (delivered when the writing transaction commits).
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

export const DRIVER_CHANGED_CHANNEL = 'flota_driver_changed';

/** A driver id, or null: "anything may have changed" (the LISTEN connection was lost). */
export type DriverChangeListener = (driverId: number | null) => void;

const listeners = new Set<DriverChangeListener>();

export function onDriverChanged(listener: DriverChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tellLocal(driverId: number | null): void {
  for (const listener of listeners) listener(driverId);
}

// Kysely<any>: repo functions pass transactions of any schema view.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function driverChanged(db: Kysely<any>, driverIds: number[]): Promise<void> {
  const ids = [...new Set(driverIds)];
  if (!ids.length) return;
  for (const id of ids) tellLocal(id);
  await sql`select pg_notify(${DRIVER_CHANGED_CHANNEL}, ${ids.join(',')})`.execute(db);
}

export interface DriverChangesListener {
  /** False while the LISTEN connection is down: caches must not keep what they read meanwhile. */
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * LISTENs on PostgreSQL for other processes' driver changes. When the connection drops, every
 * cache is cleared and nothing is cached until it is back (retried every second).
 */
export function listenForDriverChanges(databaseUrl: string, log: FastifyBaseLogger): DriverChangesListener {
  let client: pg.Client | null = null;
  let up = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = (error?: Error) => {
    if (closed) return;
    if (error) log.warn({ err: error }, 'ingest: se perdió la escucha de cambios de conductores; se reintenta');
    up = false;
    tellLocal(null);
    const old = client;
    client = null;
    old?.end().catch(() => undefined);
    retry ??= setTimeout(() => {
      retry = null;
      void connect();
    }, 1000);
    retry.unref();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('error', (error) => lost(error));
    next.on('end', () => client === next && lost());
    next.on('notification', (message) => {
      for (const id of (message.payload ?? '').split(',')) {
        const driverId = Number(id);
        if (Number.isInteger(driverId) && driverId > 0) tellLocal(driverId);
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${DRIVER_CHANGED_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      // Whatever was cached before this moment may have missed a change.
      tellLocal(null);
      up = true;
    } catch (error) {
      next.end().catch(() => undefined);
      lost(error as Error);
    }
  };
  const ready = connect();

  return {
    connected: () => up,
    async close() {
      closed = true;
      await ready;
      if (retry) clearTimeout(retry);
      up = false;
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
