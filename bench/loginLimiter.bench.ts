/**
 * Memory of a real server process under the login-limiter attack from issue 10: failed owner logins,
 * each with a distinct RUT of about 1 MB, from one client. Prints the server's resident memory
 * before, right after, and 10 s after the attack. Indicative: the machine is shared.
 *
 * `npm run bench -- loginLimiter` measures this checkout; LIMITER_REPO=/path/to/other/checkout
 * measures another (e.g. a `git worktree` of the commit before the fix). LIMITER_ATTEMPTS (1000)
 * and LIMITER_PORT (5310) change the attack and the port.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAverage } from './stats';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  const repo = path.resolve(process.env.LIMITER_REPO ?? path.join(__dirname, '..'));
  const attempts = Number(process.env.LIMITER_ATTEMPTS ?? 1000);
  const port = Number(process.env.LIMITER_PORT ?? 5310);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-limiter-'));
  // One process (tsx as a loader, not its CLI, which would run the server in a child).
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SIMULATOR: 'off', LOG_LEVEL: 'warn', DIST_DIR: '/nonexistent-flota-dist' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i += 1) {
      if (i > 240) throw new Error('the server did not start');
      if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
      await sleep(500);
    }
    await sleep(2000);
    const before = rssMb(server.pid as number);
    const statuses: Record<number, number> = {};
    const started = Date.now();
    for (let i = 0; i < attempts; i += 10) {
      const batch = Array.from({ length: Math.min(10, attempts - i) }, (_, j) =>
        fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rut: `${i + j}`.padEnd(1_000_000, '9'), password: 'x' }),
        }).then((r) => r.status),
      );
      for (const status of await Promise.all(batch)) statuses[status] = (statuses[status] ?? 0) + 1;
    }
    const seconds = (Date.now() - started) / 1000;
    const after = rssMb(server.pid as number);
    await sleep(10_000);
    const settled = rssMb(server.pid as number);
    console.log(`checkout: ${repo}`);
    console.log(`${attempts} failed logins with distinct 1 MB RUTs in ${seconds.toFixed(1)} s, answers ${JSON.stringify(statuses)}`);
    console.log(`server RSS: before ${before.toFixed(0)} MB, right after ${after.toFixed(0)} MB (+${(after - before).toFixed(0)}), 10 s later ${settled.toFixed(0)} MB (+${(settled - before).toFixed(0)}) · load ${loadAverage()}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
