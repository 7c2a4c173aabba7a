/**
 * Checkpoints for the embedded database. PGlite has no checkpointer process (single-user mode), so
 * its WAL grows with every write until someone asks for a CHECKPOINT; then the segments past
 * max_wal_size (pgliteWorker.cjs) are removed. Asked every few minutes, like PostgreSQL's own
 * checkpoint_timeout, through Kysely, so it waits its turn behind any open transaction and, like a
 * background pass, behind every waiting request and flush.
 */
import { sql, type Kysely } from 'kysely';
import { inQueryLane } from './queryLane';

/** PostgreSQL's default checkpoint_timeout. */
export const CHECKPOINT_EVERY_MS = 5 * 60_000;

export interface WalCheckpoints {
  /** One checkpoint now (the one under way if any). */
  now(): Promise<void>;
  stop(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function startWalCheckpoints(db: Kysely<any>, everyMs = CHECKPOINT_EVERY_MS): WalCheckpoints {
  let running: Promise<void> | null = null;
  const now = () => {
    // In the passes' lane: a checkpoint writes out pages for a while, behind any waiting flush.
    running ??= inQueryLane('pass', () => sql`checkpoint`.execute(db))
      .then(() => undefined)
      .catch((error: unknown) => console.warn(`PGlite: no se pudo hacer un checkpoint (${error instanceof Error ? error.message : String(error)})`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void now(), everyMs);
  timer.unref();
  return {
    now,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
