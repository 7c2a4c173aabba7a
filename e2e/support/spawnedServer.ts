/**
 * A server of the test's own (node with tsx's loader running e2e/support/e2eServer.ts) on spare ports, so a test can read
 * its log, stop it and start it again on the same data folder (same data, same JWT secret). Like the
 * shared server, it runs without the demo-history pass and, unless `env` asks, without history.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyDataTemplate } from '../../server/tools/testing/dataFolderTemplate';

export interface SpawnedServer {
  url: string;
  /** Everything the process wrote to stdout so far (pino JSON lines at LOG_LEVEL=info). */
  output(): string;
  stop(): Promise<void>;
  /** kill -9 of the whole process group (the server and anything it started): no shutdown at all, as in a crash. */
  kill(): Promise<void>;
}

const root = path.resolve(__dirname, '..', '..');

export async function spawnServer({
  port,
  tilePort,
  dataDir,
  simulator = false,
  env = {},
}: {
  port: number;
  tilePort: number;
  dataDir: string;
  simulator?: boolean;
  env?: Record<string, string>;
}): Promise<SpawnedServer> {
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // The run's migrated database, unless the folder has its own (a restart on the same data).
  copyDataTemplate(dataDir);
  // node with tsx's loader (ESM too: e2eServer.ts imports the server dynamically), not `npx tsx`:
  // two fewer processes to start, and to stop, per server.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/e2eServer.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), E2E_TILE_PORT: String(tilePort), E2E_DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json', SIMULATOR: simulator ? 'on' : 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const started = Date.now();
  const deadline = started + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the server did not start in 90 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // What a server costs the suite (issue 50): printed beside the test, never asserted.
  console.log(`flota e2e: server on :${port} healthy in ${((Date.now() - started) / 1000).toFixed(1)} s (load ${os.loadavg()[0].toFixed(1)})`);

  return {
    url,
    output: () => output,
    async stop() {
      const group = child.pid as number;
      // The whole group, by its id: SIGTERM is the server's clean shutdown.
      if (child.exitCode === null) process.kill(-group, 'SIGTERM');
      await exited;
      // The group may outlive the process (a child of the server): a test that starts the server
      // again on the same ports must wait for the whole group (EADDRINUSE otherwise).
      await groupGone(group);
    },
    async kill() {
      const group = child.pid as number;
      if (child.exitCode === null) process.kill(-group, 'SIGKILL');
      await exited;
      await groupGone(group);
    },
  };
}

/**
 * Whether a process of the group is still running. Read from /proc rather than kill(-group, 0):
 * orphans left as zombies (this machine's init does not reap them) still answer a signal.
 */
function groupRunning(group: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid pgrp ...": comm may hold spaces, so read after its closing parenthesis.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group && state !== 'Z') return true;
  }
  return false;
}

/** Resolves once no process of the group runs; SIGKILL after 20 s (the server exits within 10 s). */
async function groupGone(group: number): Promise<void> {
  const killAt = Date.now() + 20_000;
  let killed = false;
  while (groupRunning(group)) {
    if (!killed && Date.now() > killAt) {
      process.kill(-group, 'SIGKILL');
      killed = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
