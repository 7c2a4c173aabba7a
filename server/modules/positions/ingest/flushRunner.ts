/**
 * Where the ingest's flush statement runs. On PostgreSQL: its own small pool in a worker thread
 * (server/db/postgresWorker.cjs), as a prepared statement; the protocol work and the socket writes
 * that wake PostgreSQL stay off the thread that serves HTTP. On PGlite: through the database like
 * any query (PGlite already runs in a worker, and its one connection is shared behind a lock), as a
 * prepared statement of PGlite's worker, in the lock's background lane (pgliteDialect.ts).
 */
import type { Kysely } from 'kysely';
import { namedQuery } from '../../../platform/db/pgliteDialect';
import { QueryWorker } from '../../../platform/db/queryWorker';
import type { Database } from '../../../platform/db/schema';

export interface FlushStatement {
  /** Its prepared statement's name on PostgreSQL. */
  name: string;
  text: string;
}

export interface FlushRunner {
  run<R>(statement: FlushStatement, parameters: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export function databaseFlushRunner(db: Kysely<Database>): FlushRunner {
  return {
    // Behind the other queries waiting for PGlite's one connection: a flush is about to be queued at every moment under a stream.
    run: async <R>(statement: FlushStatement, parameters: unknown[]) => (await db.executeQuery<R>(namedQuery(statement.name, statement.text, parameters, { background: true }))).rows,
    close: async () => undefined,
  };
}

/** `connections`: as many as flushes may run at once. The worker starts with the first flush. */
export function postgresFlushRunner(url: string, connections: number): FlushRunner {
  let worker: Promise<QueryWorker> | null = null;
  function started(): Promise<QueryWorker> {
    if (!worker) {
      const starting = QueryWorker.start('postgresWorker.cjs', { url, connections }, 'PostgreSQL (ingesta)');
      worker = starting;
      // A worker that could not start (database down) is started again by the next flush.
      starting.catch(() => {
        if (worker === starting) worker = null;
      });
    }
    return worker;
  }
  return {
    async run<R>(statement: FlushStatement, parameters: unknown[]) {
      return (await (await started()).query<R>(statement.text, parameters, statement.name)).rows;
    },
    async close() {
      const current = worker;
      worker = null;
      await (await current?.catch(() => null))?.close();
    },
  };
}
