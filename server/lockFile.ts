/**
 * DATA_DIR/server.pid: PGlite allows one process per data folder, so the server marks it and the
 * CLI refuses to open it while that process lives.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const lockPath = (dataDir: string) => path.join(dataDir, 'server.pid');

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in the lock file when that process still runs; null when absent or stale. */
export function liveLockPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) ? pid : null;
}

export function writeLock(dataDir: string): void {
  writeFileSync(lockPath(dataDir), `${process.pid}\n`);
}

/** Removes the lock only if it is ours. */
export function removeLock(dataDir: string): void {
  try {
    if (Number(readFileSync(lockPath(dataDir), 'utf8').trim()) === process.pid) rmSync(lockPath(dataDir));
  } catch {
    // Already gone.
  }
}
