/** Opens the database: embedded PGlite (a data folder, or in memory for tests) or PostgreSQL by URL. */
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { PGliteDialect } from './pgliteDialect';
import { makePrivate } from './privateFiles';
import { guardPoolErrors } from './poolErrors';
import { QueryWorker } from './queryWorker';
import type { Database } from './schema';
import { startWalCheckpoints } from './walCheckpoints';
import { typeParserSpec, typeParsers } from './typeParsers';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Embedded database in memory (tests); ignored when a URL is given. */
  inMemory?: boolean;
  /** The embedded database stopped by itself after it opened (see PgliteOptions.onLost). */
  onEmbeddedLost?: (error: Error) => void;
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenOptions = {},
): Promise<OpenDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(options.inMemory ? null : path.join(config.dataDir, 'pglite'), { onLost: options.onEmbeddedLost });
}

/** The pg pools behind PostgreSQL databases, by their Kysely instance (the metrics read their counts). */
const pools = new WeakMap<object, pg.Pool>();

/** The application pool's connections (total, idle, waiting requests); null for the embedded database. */
export function databasePoolStats(db: object): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

export async function openPostgres(connectionString: string): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString,
    // Per-pool parsers, not pg.types.setTypeParser: nothing global changes.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection the server ends (restart, admin command) is dropped by the pool; without a
  // listener its 'error' event would crash the process (poolErrors.ts).
  guardPoolErrors(pool, (error) => console.warn(`PostgreSQL: se cerró una conexión (${error.message})`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, kind: 'postgres', close: () => db.destroy() };
}

export interface PgliteDatabase extends OpenDatabase {
  /** Writes the whole data folder to `file` as a tar, which `loadDataDir` opens as a copy. */
  dumpDataDir(file: string): Promise<void>;
}

export interface PgliteOptions {
  /**
   * A tar written by dumpDataDir: the database starts as a copy of it instead of running initdb
   * (tests' migrated template: seconds cheaper per test file).
   */
  loadDataDir?: string;
  /** The database stopped by itself after it opened (its WebAssembly aborted): every query fails from then on. */
  onLost?: (error: Error) => void;
}

/** What to check when the embedded database cannot open or stops: said to whoever runs the server. */
export function pgliteFailureText(dataDir: string | null, cause: unknown): string {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return (
    `La base de datos embebida${dataDir ? ` en ${dataDir}` : ''} no pudo abrirse o se detuvo (${reason}). ` +
    'Revisa que el disco tenga espacio libre (df -h); si la carpeta de datos está dañada, detén Flota y restaura una copia ' +
    '(docs/deployment.md, "Backups") o mueve la carpeta a otro lugar para empezar de cero.'
  );
}

export async function openPglite(dataDir: string | null, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  if (dataDir) makePrivate(dataDir);
  // PGlite runs in a worker thread (see pgliteWorker.cjs); null dataDir: in memory.
  let pglite: QueryWorker;
  try {
    pglite = await QueryWorker.start('pgliteWorker.cjs', { dataDir, loadDataDir: options.loadDataDir, parsers: typeParserSpec }, 'PGlite');
  } catch (error) {
    // PGlite says only "failed to initialize properly" (a corrupt folder) or aborts: say what to check.
    throw new Error(pgliteFailureText(dataDir, error), { cause: error });
  }
  if (options.onLost) pglite.onLost(options.onLost);
  // PGlite's file system layer creates files 0666 whatever the umask: tighten what it made (its
  // folders are already 0700, so nobody else reaches files it creates later), and again on close.
  if (dataDir) makePrivate(dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // In memory there is no folder to keep small.
  const checkpoints = dataDir ? startWalCheckpoints(db) : null;
  return {
    db,
    kind: 'pglite',
    dumpDataDir: (file) => pglite.dumpDataDir(file),
    async close() {
      await checkpoints?.stop();
      await db.destroy();
      await pglite.close();
      if (dataDir) makePrivate(dataDir);
    },
  };
}
