/** The main-thread side of pgliteWorker.cjs: one PGlite in a worker thread, queried by messages. */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteQueryable } from './pgliteDialect';
import { typeParserSpec } from './typeParsers';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A PostgreSQL error from the worker, with its SQLSTATE code (e.g. 23505) and constraint. */
export class PGliteError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export class PGliteWorker implements PGliteQueryable {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  private constructor(dataDir: string | null) {
    this.worker = new Worker(path.join(__dirname, 'pgliteWorker.cjs'), {
      workerData: { dataDir, parsers: typeParserSpec },
    });
    this.worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: Record<string, string> }) => {
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      if (error) call.reject(Object.assign(new PGliteError(error.message), error));
      else call.resolve(result);
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`PGlite worker exited (code ${code})`)));
  }

  /** Starts the worker and waits until PGlite is ready (about 2 s). */
  static async start(dataDir: string | null): Promise<PGliteWorker> {
    const instance = new PGliteWorker(dataDir);
    try {
      await instance.call('ready');
    } catch (error) {
      await instance.worker.terminate();
      throw error;
    }
    return instance;
  }

  private failAll(error: Error): void {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  private call<T>(op: string, sql?: string, params?: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, sql, params });
    });
  }

  query<R>(sql: string, params: unknown[] = []): Promise<{ rows: R[]; affectedRows?: number }> {
    return this.call('query', sql, params);
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
