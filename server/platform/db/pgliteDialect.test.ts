/**
 * PGlite's one connection: queries waiting for it go first come, first served, but a background
 * query (the ingest's bulk flush) goes behind them, and is passed over a bounded number of times;
 * a background pass's work goes behind both, passed over a bounded number of times too.
 */
import { Kysely, sql } from 'kysely';
import { MAX_PASS_PASSED_OVER, MAX_PASSED_OVER, Mutex, namedQuery, PGliteDialect, type PGliteQueryable } from './pgliteDialect';
import { inQueryLane, type QueryLane } from './queryLane';

async function order(plan: QueryLane[]): Promise<string[]> {
  const mutex = new Mutex();
  const granted: string[] = [];
  const first = await mutex.acquire();
  const waiting = plan.map((lane, i) =>
    mutex.acquire(lane).then((release) => {
      granted.push(`${lane[0]}${i}`);
      release();
    }),
  );
  first();
  await Promise.all(waiting);
  return granted;
}

it('lets foreground queries go before background work waiting since earlier', async () => {
  expect(await order(['background', 'foreground', 'background', 'foreground'])).toEqual(['f1', 'f3', 'b0', 'b2']);
});

it('gives waiting background work the connection after MAX_PASSED_OVER foreground grants', async () => {
  const plan: Array<'foreground' | 'background'> = ['background', ...Array<'foreground'>(MAX_PASSED_OVER + 2).fill('foreground')];
  const granted = await order(plan);
  expect(granted.indexOf('b0')).toBe(MAX_PASSED_OVER);
});

it("gives a pass's work the connection only when no request or flush waits", async () => {
  expect(await order(['pass', 'background', 'foreground', 'pass', 'background'])).toEqual(['f2', 'b1', 'b4', 'p0', 'p3']);
});

it('gives a waiting pass the connection after MAX_PASS_PASSED_OVER other grants: delayed, never starved', async () => {
  const plan: QueryLane[] = ['pass', ...Array<QueryLane>(MAX_PASS_PASSED_OVER + 4).fill('background')];
  const granted = await order(plan);
  expect(granted.indexOf('p0')).toBe(MAX_PASS_PASSED_OVER);
});

/**
 * A dialect over a stand-in PGlite that records each statement (and BEGIN), with a transaction of
 * `first` holding the connection: run `whileHeld` once it holds it, and answer what ran, in order.
 */
async function whileTransactionHolds(first: string, whileHeld: (db: Kysely<Record<string, never>>) => Promise<unknown>[]): Promise<string[]> {
  const seen: string[] = [];
  const pglite: PGliteQueryable = {
    async query<R>(text: string, _params?: unknown[], _name?: string, options?: { begin?: boolean }) {
      if (options?.begin) seen.push('begin');
      seen.push(text);
      await new Promise((resolve) => setImmediate(resolve));
      return { rows: [] as R[] };
    },
  };
  const db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect(pglite) });
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const transaction = db.transaction().execute(async (trx) => {
    await sql`select ${sql.lit(first)}`.execute(trx);
    holding();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  await held;
  await Promise.all([transaction, ...whileHeld(db)]);
  return seen;
}

const flushQuery = (db: Kysely<Record<string, never>>) => db.executeQuery(namedQuery('flush', "select 'flush'", [], { background: true }));

it("queues a transaction begun inside inQueryLane('pass') behind a flush asked for later", async () => {
  const seen = await whileTransactionHolds('desk', (db) => [inQueryLane('pass', () => db.transaction().execute((trx) => sql`select 'sweep'`.execute(trx))), flushQuery(db)]);
  expect(seen).toEqual(['begin', "select 'desk'", 'commit', "select 'flush'", 'begin', "select 'sweep'", 'commit']);
});

it('runs a background query after a query asked for later, while a transaction holds the connection', async () => {
  const seen = await whileTransactionHolds('transaction', (db) => [flushQuery(db), sql`select 'desk'`.execute(db)]);
  expect(seen).toEqual(['begin', "select 'transaction'", 'commit', "select 'desk'", "select 'flush'"]);
});

it("sends a transaction's BEGIN with its first statement: one message fewer to the worker", async () => {
  const calls: Array<{ text: string; begin: boolean }> = [];
  const pglite: PGliteQueryable = {
    async query<R>(text: string, _params?: unknown[], _name?: string, options?: { begin?: boolean }) {
      calls.push({ text, begin: options?.begin === true });
      return { rows: [] as R[] };
    },
  };
  const db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect(pglite) });
  await db.transaction().execute(async (trx) => {
    await sql`select 'first'`.execute(trx);
    await sql`select 'second'`.execute(trx);
  });
  await db.transaction().execute(async () => undefined);
  expect(calls).toEqual([
    { text: "select 'first'", begin: true },
    { text: "select 'second'", begin: false },
    { text: 'commit', begin: false },
    { text: 'commit', begin: true },
  ]);
});
