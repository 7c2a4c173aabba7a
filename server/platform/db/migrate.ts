/** Runs pending migrations from the static map. */
import { Migrator, type Kysely, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations';

const provider: MigrationProvider = { getMigrations: async () => migrations };

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return applied(await new Migrator({ db, provider }).migrateToLatest());
}

/** Up to (and including) one migration: tests of a migration store data in the schema before it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  return applied(await new Migrator({ db, provider }).migrateTo(name));
}
