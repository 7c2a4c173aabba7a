/**
 * The main-thread side of a database in a worker thread, queried by messages: PGlite's
 * (pgliteWorker.cjs, the embedded database's one connection) and the ingest's PostgreSQL writer
 * (postgresWorker.cjs). Protocol: {id, op: 'ready' | 'query' | 'dump' | 'close', sql, params, name, begin,
 * file} → {id, result} or {id, error}; `name` runs the query as a named (prepared) statement where the
 * worker can; `begin` runs BEGIN before it (the query only if BEGIN succeeded), saving a transaction a
 * round trip; `dump` writes the data folder to `file` (PGlite only).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteQueryable } from './pgliteDialect';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A PostgreSQL error from the worker, with its SQLSTATE code (e.g. 23505) and constraint. */
export class WorkerDatabaseError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export interface QueryResultRows<R> {
  rows: R[];
  affectedRows?: number;
}

export class QueryWorker implements PGliteQueryable {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  private constructor(
    script: string,
    workerData: unknown,
    private readonly label: string,
  ) {
    this.worker = new Worker(path.join(__dirname, script), { workerData });
    this.worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: Record<string, string> }) => {
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      if (error) call.reject(Object.assign(new WorkerDatabaseError(error.message), error));
      else call.resolve(result);
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => {
      const error = new Error(`${label}: el worker terminó (código ${code})`);
      this.failAll(error);
      // Not asked to close: every query from now on would fail, so whoever holds it must know.
      if (!this.closed) this.lost?.(error);
    });
  }

  /** Called once if the worker ends without close() (its database aborted: a corrupt page, a full disk). */
  private lost: ((error: Error) => void) | null = null;

  onLost(listener: (error: Error) => void): void {
    this.lost = listener;
  }

  /** Starts the worker (a .cjs file next to this one) and waits until its database is ready. */
  static async start(script: string, workerData: unknown, label: string): Promise<QueryWorker> {
    const instance = new QueryWorker(script, workerData, label);
    try {
      await instance.call('ready');
    } catch (error) {
      instance.closed = true;
      await instance.worker.terminate();
      throw error;
    }
    return instance;
  }

  private failAll(error: Error): void {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  private call<T>(op: string, message: { sql?: string; params?: unknown[]; name?: string; begin?: boolean; file?: string } = {}): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`${this.label} está cerrado`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, ...message });
    });
  }

  query<R>(sql: string, params: unknown[] = [], name?: string, options?: { begin?: boolean }): Promise<QueryResultRows<R>> {
    return this.call('query', { sql, params, name, begin: options?.begin === true });
  }

  /** Writes the worker's whole data folder to `file` as a tar (PGlite's dumpDataDir). */
  dumpDataDir(file: string): Promise<void> {
    return this.call('dump', { file });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call('close');
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
