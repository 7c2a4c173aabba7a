/**
 * A small Kysely dialect for PGlite. PGlite is a single connection, so the driver hands out one
 * connection at a time behind a mutex: a transaction holds it from BEGIN to COMMIT and no other
 * query can interleave. A query marked `background` (the ingest's bulk flush) waits behind the
 * other queries waiting for the connection: under a stream of positions a flush is always queued,
 * and a person's request (a booking, an offer: a dozen queries in a row) would otherwise wait for a
 * whole flush at each of them. Background passes (queryLane.ts) go behind both: a sweep never holds
 * the connection in front of a waiting flush but once in MAX_PASS_PASSED_OVER turns. The lock is
 * taken at a connection's first query (which says its lane), not when Kysely asks for the connection.
 */
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { currentQueryLane, type QueryLane } from './queryLane';

/**
 * What the dialect needs of PGlite: the worker proxy (queryWorker.ts); `name` runs a prepared
 * statement; `begin`: the worker opens a transaction first and runs the query only if it opened.
 */
export interface PGliteQueryable {
  query<R>(sql: string, params?: unknown[], name?: string, options?: { begin?: boolean }): Promise<{ rows: R[]; affectedRows?: number }>;
}

/** A query PGlite's worker runs as a named prepared statement, parsed and planned once: the ingest's flush. */
export interface NamedCompiledQuery extends CompiledQuery {
  readonly preparedName: string;
  /** In the lock's background lane (see above). */
  readonly background?: boolean;
}

/** Kysely hands the compiled query to the connection as it is, so the name (and lane) reach executeQuery below. */
export function namedQuery(name: string, sql: string, parameters: unknown[], options: { background?: boolean } = {}): NamedCompiledQuery {
  return { ...CompiledQuery.raw(sql, parameters), preparedName: name, background: options.background === true };
}

/** Background work is passed over at most this many times in a row: it is delayed, never starved. */
export const MAX_PASSED_OVER = 4;

/**
 * A background pass's turn waits for every request and flush queued, and is passed over at most
 * this many times in a row: under a stream of positions a flush is always queued, and a pass would
 * otherwise never run. Each of its turns is one bounded batch.
 */
export const MAX_PASS_PASSED_OVER = 16;

/**
 * The connection's lock: acquire() resolves with a release function. First come, first served
 * within each lane (queryLane.ts). The foreground lane goes first; a waiting background acquirer
 * (the flush) gets the lock after MAX_PASSED_OVER foreground grants at most; a pass only when
 * nothing else waits, or after MAX_PASS_PASSED_OVER other grants.
 */
export class Mutex {
  private held = false;
  private readonly waiting: Record<QueryLane, Array<() => void>> = { foreground: [], background: [], pass: [] };
  private passedOver = 0;
  private passPassedOver = 0;

  acquire(lane: QueryLane = 'foreground'): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => resolve(this.releaser());
      if (!this.held) {
        this.held = true;
        grant();
      } else this.waiting[lane].push(grant);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.handOver();
    };
  }

  private handOver(): void {
    const next = this.next();
    if (next) next();
    else this.held = false;
  }

  private next(): (() => void) | undefined {
    const { foreground, background, pass } = this.waiting;
    if (pass.length && ((!foreground.length && !background.length) || this.passPassedOver >= MAX_PASS_PASSED_OVER)) {
      this.passPassedOver = 0;
      return pass.shift();
    }
    let next: (() => void) | undefined;
    if (background.length && (!foreground.length || this.passedOver >= MAX_PASSED_OVER)) {
      next = background.shift();
      this.passedOver = 0;
    } else {
      next = foreground.shift();
      if (next && background.length) this.passedOver++;
    }
    if (next && pass.length) this.passPassedOver++;
    return next;
  }
}

class PGliteConnection implements DatabaseConnection {
  private release: (() => void) | null = null;
  /**
   * A BEGIN not sent yet: it goes with the transaction's first statement, in the same message to the
   * worker. Under the position stream each round trip waits for a turn of a busy event loop, and a
   * booking's or an offer's transaction made one just to open.
   */
  beginPending = false;

  constructor(
    private readonly pglite: PGliteQueryable,
    private readonly mutex: Mutex,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { preparedName, background } = compiledQuery as Partial<NamedCompiledQuery>;
    this.release ??= await this.mutex.acquire(background === true ? 'background' : currentQueryLane());
    const begin = this.beginPending;
    this.beginPending = false;
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], preparedName, begin ? { begin } : undefined);
    const command = compiledQuery.query.kind;
    const counts = ['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode'].includes(command);
    return {
      rows: result.rows,
      ...(counts || result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  /** Kysely is done with this connection (a query, or a transaction after COMMIT/ROLLBACK). */
  releaseLock(): void {
    const release = this.release;
    this.release = null;
    release?.();
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming is not supported');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();

  constructor(private readonly pglite: PGliteQueryable) {}

  async init(): Promise<void> {
    // The opener waits for PGlite to be ready before building Kysely.
  }

  /** A handle per use; it takes the lock at its first query. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.pglite, this.mutex);
  }

  /** Sent with the first statement (see beginPending); a transaction with none sends it with its COMMIT or ROLLBACK. */
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).beginPending = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).releaseLock();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it (see client.ts).
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGliteQueryable) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
