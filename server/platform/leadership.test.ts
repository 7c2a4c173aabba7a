/**
 * Background work runs once across processes on one PostgreSQL: two hosts of background passes
 * (two processes' worth, each with its own advisory-lock connection) run a pass's rounds in one of
 * them only; when the leader closes, is cut off by the database, or its process is killed with -9,
 * the other takes the work on within a few seconds.
 * Needs TEST_DATABASE_URL (CI sets it; locally: scripts/pg-test-server.sh start).
 */
import { spawn } from 'node:child_process';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { createBackgroundPass, hostBackgroundPasses } from './backgroundPass';
import { advisoryLeadership, LEADER_LOCK_KEY, type Leadership } from './leadership';
import { createScratchDatabase, type ScratchDatabase } from '../tools/testing/scratchDatabase';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('leadership.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;

const RETRY_MS = 200;
const silent = Fastify({ logger: false }).log;

async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${timeoutMs} ms: ${what}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Process {
  app: FastifyInstance;
  leadership: Leadership;
  /** The pass's rounds run in this process. */
  rounds: number;
}

describeWithPostgres('one leader for background work across processes', () => {
  let scratch: ScratchDatabase;
  const opened: Process[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_leader');
  });

  afterEach(async () => {
    for (const proc of opened.splice(0)) await proc.app.close();
  });

  afterAll(async () => {
    await scratch?.drop();
  });

  /** A process's worth: its own lock connection, and one background pass (every 20 ms) that counts its rounds here. */
  async function startProcess(): Promise<Process> {
    const app = Fastify({ logger: false });
    const leadership = advisoryLeadership({ databaseUrl: scratch.url, log: silent, retryMs: RETRY_MS });
    const host = hostBackgroundPasses(app, undefined, leadership);
    const proc: Process = { app, leadership, rounds: 0 };
    host.add('summaryBackfill', () =>
      createBackgroundPass('prueba', silent, { startDelayMs: 0, recheckMs: 20, dutyCycle: 1 }, async () => {
        proc.rounds += 1;
      }),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    opened.push(proc);
    return proc;
  }

  /** Which processes' passes ran during `ms`. */
  async function runningDuring(processes: Process[], ms: number): Promise<boolean[]> {
    const before = processes.map((p) => p.rounds);
    await pause(ms);
    return processes.map((p, i) => p.rounds > before[i]);
  }

  it('runs the pass in one process only, and in the other once the leader closes', async () => {
    const a = await startProcess();
    const b = await startProcess();
    await eventually(() => a.leadership.isLeader() !== b.leadership.isLeader(), 'exactly one leads');
    const [leader, follower] = a.leadership.isLeader() ? [a, b] : [b, a];
    expect(await runningDuring([leader, follower], 600)).toEqual([true, false]);
    expect(follower.rounds).toBe(0);

    await leader.app.close();
    opened.splice(opened.indexOf(leader), 1);
    await eventually(() => follower.leadership.isLeader(), 'the follower takes over');
    expect(await runningDuring([follower], 300)).toEqual([true]);
  }, 30_000);

  it('a leader whose connection the database ends stops leading, and exactly one process leads again', async () => {
    const a = await startProcess();
    const b = await startProcess();
    await eventually(() => a.leadership.isLeader() !== b.leadership.isLeader(), 'exactly one leads');
    const leader = a.leadership.isLeader() ? a : b;
    const changes: boolean[] = [];
    leader.leadership.onChange((leading) => changes.push(leading));

    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      // The leader's lock session, by the lock it holds.
      const ended = await admin.query(
        `select pg_terminate_backend(pid) as ended from pg_locks where locktype = 'advisory' and ((classid::bigint << 32) | objid::bigint) = $1 and granted and database = (select oid from pg_database where datname = current_database())`,
        [LEADER_LOCK_KEY],
      );
      expect(ended.rows).toEqual([{ ended: true }]);
    } finally {
      await admin.end();
    }
    await eventually(() => changes.includes(false), 'the old leader notices');
    await eventually(() => a.leadership.isLeader() !== b.leadership.isLeader(), 'exactly one leads again');
    const [now, other] = a.leadership.isLeader() ? [a, b] : [b, a];
    expect(await runningDuring([now, other], 600)).toEqual([true, false]);
  }, 30_000);

  it('takes over from a process killed with -9 while it held the lock', async () => {
    // A separate process holds the lock, as a leading Flota process would, and is killed.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const pg = require('pg');
         const client = new pg.Client({ connectionString: process.env.URL });
         client.connect().then(() => client.query('select pg_try_advisory_lock($1) as locked', [${LEADER_LOCK_KEY}])).then(({ rows }) => { console.log(rows[0].locked ? 'locked' : 'refused'); setInterval(() => undefined, 1000); });`,
      ],
      { env: { ...process.env, URL: scratch.url }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const said = await new Promise<string>((resolve) => holder.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
      expect(said).toBe('locked');
      const follower = await startProcess();
      expect(await runningDuring([follower], 600)).toEqual([false]);
      expect(follower.leadership.isLeader()).toBe(false);

      holder.kill('SIGKILL');
      await eventually(() => follower.leadership.isLeader(), 'the follower takes over from the killed process');
      expect(await runningDuring([follower], 300)).toEqual([true]);
    } finally {
      holder.kill('SIGKILL');
    }
  }, 30_000);
});
