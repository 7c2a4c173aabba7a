/**
 * A small Kysely dialect for PGlite. PGlite is a single connection, so the driver hands out one
 * connection at a time behind a mutex: a transaction holds it from BEGIN to COMMIT and no other
 * query can interleave.
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

/** What the dialect needs of PGlite: the worker proxy (queryWorker.ts); `name` runs a prepared statement. */
export interface PGliteQueryable {
  query<R>(sql: string, params?: unknown[], name?: string): Promise<{ rows: R[]; affectedRows?: number }>;
}

/** A query PGlite's worker runs as a named prepared statement, parsed and planned once: the ingest's flush. */
export interface NamedCompiledQuery extends CompiledQuery {
  readonly preparedName: string;
}

/** Kysely hands the compiled query to the connection as it is, so the name reaches executeQuery below. */
export function namedQuery(name: string, sql: string, parameters: unknown[]): NamedCompiledQuery {
  return { ...CompiledQuery.raw(sql, parameters), preparedName: name };
}

/** FIFO lock: acquire() resolves with a release function. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGliteQueryable) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { preparedName } = compiledQuery as Partial<NamedCompiledQuery>;
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], preparedName);
    const command = compiledQuery.query.kind;
    const counts = ['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode'].includes(command);
    return {
      rows: result.rows,
      ...(counts || result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming is not supported');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PGliteConnection;
  private release: (() => void) | null = null;

  constructor(private readonly pglite: PGliteQueryable) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    // The opener waits for PGlite to be ready before building Kysely.
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.mutex.acquire();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
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
