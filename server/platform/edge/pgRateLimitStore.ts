/**
 * A @fastify/rate-limit store in PostgreSQL (table login_limits, migration 0004), so every server
 * process on one database shares the login counters. One upsert per hit: a fixed window per key
 * that starts again once reset_at has passed. Expired rows are swept every SWEEP_EVERY hits.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

const SWEEP_EVERY = 200;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export function pgRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;

  async function sweep(): Promise<void> {
    await db.deleteFrom('login_limits').where('reset_at', '<', sql<Date>`now()`).execute();
  }

  async function incr(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    hitsSinceSweep += 1;
    if (hitsSinceSweep >= SWEEP_EVERY) {
      hitsSinceSweep = 0;
      await sweep();
    }
    const { rows } = await sql<{ hits: number; ttl: number }>`
      insert into login_limits as l (key, hits, reset_at)
      values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when l.reset_at <= now() then 1 else l.hits + 1 end,
        reset_at = case when l.reset_at <= now() then excluded.reset_at else l.reset_at end
      returning hits, (extract(epoch from reset_at - now()) * 1000)::float8 as ttl`.execute(db);
    return { current: Number(rows[0].hits), ttl: Math.max(0, Math.round(Number(rows[0].ttl))) };
  }

  async function read(key: string): Promise<{ current: number; ttl: number }> {
    const { rows } = await sql<{ hits: number; ttl: number }>`
      select hits, (extract(epoch from reset_at - now()) * 1000)::float8 as ttl
      from login_limits where key = ${key} and reset_at > now()`.execute(db);
    return rows.length ? { current: Number(rows[0].hits), ttl: Math.round(Number(rows[0].ttl)) } : { current: 0, ttl: 0 };
  }

  const settle = (promise: Promise<{ current: number; ttl: number }>, callback: Callback) => {
    promise.then((result) => callback(null, result), (error: Error) => callback(error));
  };

  class PgRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      settle(incr(key, timeWindow), callback);
    }

    read(key: string, callback: Callback): void {
      settle(read(key), callback);
    }

    child(): FastifyRateLimitStore {
      return new PgRateLimitStore();
    }
  }
  return PgRateLimitStore;
}
