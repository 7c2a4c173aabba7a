/**
 * A server of the test's own (npx tsx e2e/support/e2eServer.ts) on spare ports, so a test can read
 * its log, stop it and start it again on the same data folder (same data, same JWT secret). Like the
 * shared server, it runs without the demo-history pass and, unless `env` asks, without history.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface SpawnedServer {
  url: string;
  /** Everything the process wrote to stdout so far (pino JSON lines at LOG_LEVEL=info). */
  output(): string;
  stop(): Promise<void>;
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
  const child: ChildProcess = spawn('npx', ['tsx', 'e2e/support/e2eServer.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), E2E_TILE_PORT: String(tilePort), E2E_DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json', SIMULATOR: simulator ? 'on' : 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the server did not start in 90 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      // The whole group (npx → tsx → node), by its id: SIGTERM is the server's clean shutdown.
      process.kill(-(child.pid as number), 'SIGTERM');
      await exited;
    },
  };
}
