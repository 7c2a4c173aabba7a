/**
 * Memory under the login-limiter attack from issue 10: failed owner logins, each with a distinct RUT
 * of about 1 MB. Two views, with the load average (the machine is shared, figures are indicative):
 *
 * - in this process (this checkout): the heap after a full GC grown by the attack, against the same
 *   number of failed logins with short (21-character) distinct RUTs as the reference, and against
 *   the 16 MB "flat" budget loginThrottle.test.ts asserted until it moved here (issue 39);
 * - a real server process from one client: its resident memory before, right after, and 10 s after.
 *
 * `npm run bench -- loginLimiter` measures this checkout; LIMITER_REPO=/path/to/other/checkout
 * measures another (e.g. a `git worktree` of the commit before the fix; its server process only). LIMITER_ATTEMPTS (1000)
 * and LIMITER_PORT (5310) change the attack and the port.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { startTestServer } from '../server/tools/testing/testServer';
import { loadAverage } from './stats';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MB = 1024 * 1024;
/** A change in MB with its sign: +3.0, -0.8. */
const signedMb = (mb: number, digits = 1) => `${mb >= 0 ? '+' : ''}${mb.toFixed(digits)}`;
/** The 'flat' bound the unit test held the attack's heap growth to. */
const FLAT_BUDGET_MB = 16;

function fullGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Failed owner logins with distinct RUTs (`rutOf`), 10 at a time from 250 addresses: heap growth after a full GC. */
async function heapGrowth(url: string, attempts: number, rutOf: (i: number) => string) {
  const gc = fullGc();
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const statuses: Record<number, number> = {};
  const attempt = (i: number) =>
    fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.3.${i % 250}.2` },
      body: JSON.stringify({ rut: rutOf(i), password: 'x' }),
    }).then((r) => r.status);
  // Warm up (JIT, pools), then measure.
  for (let i = 0; i < 20; i += 1) await attempt(attempts + i);
  const before = heap();
  const started = Date.now();
  for (let i = 0; i < attempts; i += 10) {
    for (const status of await Promise.all(Array.from({ length: Math.min(10, attempts - i) }, (_, j) => attempt(i + j)))) statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { grownMb: (heap() - before) / MB, seconds: (Date.now() - started) / 1000, statuses };
}

async function inThisProcess(attempts: number): Promise<void> {
  const server = await startTestServer({ trustProxy: true });
  try {
    const reference = await heapGrowth(server.url, attempts, (i) => `${i}`.padEnd(21, '9'));
    const huge = await heapGrowth(server.url, attempts, (i) => `${attempts + 100 + i}`.padEnd(1_000_000, '9'));
    console.log(`in this process, heap after a full GC (load average ${loadAverage()}):`);
    console.log(`  reference: ${attempts} failed logins with distinct 21-character RUTs: ${signedMb(reference.grownMb)} MB in ${reference.seconds.toFixed(1)} s, answers ${JSON.stringify(reference.statuses)}`);
    console.log(`  ${attempts} failed logins with distinct 1 MB RUTs: ${signedMb(huge.grownMb)} MB in ${huge.seconds.toFixed(1)} s, answers ${JSON.stringify(huge.statuses)}`);
    console.log(`  1 MB RUTs minus the reference: ${signedMb(huge.grownMb - reference.grownMb)} MB; x${(huge.grownMb / FLAT_BUDGET_MB).toFixed(2)} of the ${FLAT_BUDGET_MB} MB flat budget`);
  } finally {
    await server.close();
  }
}

export async function run(): Promise<void> {
  const attempts = Number(process.env.LIMITER_ATTEMPTS ?? 1000);
  if (!process.env.LIMITER_REPO) await inThisProcess(attempts);
  await inServerProcess(attempts);
}

async function inServerProcess(attempts: number): Promise<void> {
  const repo = path.resolve(process.env.LIMITER_REPO ?? path.join(__dirname, '..'));
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
    console.log(`a server process of checkout ${repo} (load average ${loadAverage()}):`);
    console.log(`${attempts} failed logins with distinct 1 MB RUTs in ${seconds.toFixed(1)} s, answers ${JSON.stringify(statuses)}`);
    console.log(`server RSS: before ${before.toFixed(0)} MB, right after ${after.toFixed(0)} MB (${signedMb(after - before, 0)}), 10 s later ${settled.toFixed(0)} MB (${signedMb(settled - before, 0)}) · load ${loadAverage()}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
