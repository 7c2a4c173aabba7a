/**
 * Several processes starting at once on one PostgreSQL (systemd's flota@8081…8083 at boot) take
 * turns for what a start writes: migrations, and the demo fleet on an empty database. Without it,
 * two processes could both see no owner and both seed. A session-level advisory lock on a
 * connection of its own, held only for those steps; the embedded database is one process.
 */
import pg from 'pg';

/** "Flota start-up" (another key than the background work's leader lock). */
export const START_LOCK_KEY = 7_246_011_938;

export async function withStartLock<T>(databaseUrl: string | null, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'flota-start' });
  // A connection lost while waiting fails the start (systemd restarts it), never the process silently.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => undefined);
  }
}
