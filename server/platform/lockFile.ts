/**
 * DATA_DIR/server.pid: PGlite allows one process per data folder, so the server marks it and the
 * CLI refuses to open it while that process lives. The file records the pid, the process's start
 * time (Linux /proc) and the data folder, so a pid reused by another process after a crash or
 * kill -9 is recognised as stale and never blocks a start.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const lockPath = (dataDir: string) => path.join(dataDir, 'server.pid');

interface LockRecord {
  pid: number;
  /** Clock ticks since boot at which the process started (field 22 of /proc/<pid>/stat); null off Linux. */
  started: string | null;
  dataDir: string;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When the process started, from /proc (null where there is no /proc). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readLock(dataDir: string): LockRecord | null {
  try {
    const text = readFileSync(lockPath(dataDir), 'utf8').trim();
    // Files written before the record format held only the pid.
    if (/^\d+$/.test(text)) return { pid: Number(text), started: null, dataDir };
    const record = JSON.parse(text) as LockRecord;
    return Number.isInteger(record.pid) && record.pid > 0 ? record : null;
  } catch {
    return null;
  }
}

/** The pid in the lock file when that very process still runs; null when absent or stale. */
export function liveLockPid(dataDir: string): number | null {
  const record = readLock(dataDir);
  if (!record || !isProcessAlive(record.pid)) return null;
  // Alive, but is it the process that wrote the lock? A reused pid started at another time.
  if (record.started !== null) {
    const started = processStartTime(record.pid);
    if (started !== null && started !== record.started) return null;
  }
  return record.pid;
}

export function writeLock(dataDir: string): void {
  const record: LockRecord = { pid: process.pid, started: processStartTime(process.pid), dataDir: path.resolve(dataDir) };
  writeFileSync(lockPath(dataDir), `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

/** Removes the lock only if it is ours. */
export function removeLock(dataDir: string): void {
  if (readLock(dataDir)?.pid === process.pid) rmSync(lockPath(dataDir), { force: true });
}
