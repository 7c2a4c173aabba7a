import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { liveLockPid, lockPath, processStartTime, removeLock, writeLock } from './lockFile';

const folder = () => mkdtempSync(path.join(tmpdir(), 'flota-lock-'));

describe('server.pid', () => {
  it('names this process while it holds the folder, and is removed by it', () => {
    const dataDir = folder();
    writeLock(dataDir);
    expect(JSON.parse(readFileSync(lockPath(dataDir), 'utf8'))).toMatchObject({ pid: process.pid, dataDir });
    expect(liveLockPid(dataDir)).toBe(process.pid);
    removeLock(dataDir);
    expect(liveLockPid(dataDir)).toBeNull();
  });

  it('does not block a start when the recorded pid now belongs to another process', async () => {
    // A live process that did not write the lock: same pid, another start time (a reused pid).
    const other = spawn('sleep', ['30']);
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      const dataDir = folder();
      const started = processStartTime(other.pid as number);
      expect(started).not.toBeNull();
      writeFileSync(lockPath(dataDir), JSON.stringify({ pid: other.pid, started: `${started}9`, dataDir }));
      expect(liveLockPid(dataDir)).toBeNull();
      // The same record with the right start time is that process's lock.
      writeFileSync(lockPath(dataDir), JSON.stringify({ pid: other.pid, started, dataDir }));
      expect(liveLockPid(dataDir)).toBe(other.pid);
    } finally {
      other.kill();
    }
  });

  it('ignores a pid that no longer runs, and a file that is not a lock', () => {
    const dataDir = folder();
    writeFileSync(lockPath(dataDir), JSON.stringify({ pid: 2 ** 22 + 17, started: '1', dataDir }));
    expect(liveLockPid(dataDir)).toBeNull();
    writeFileSync(lockPath(dataDir), 'basura');
    expect(liveLockPid(dataDir)).toBeNull();
  });
});
