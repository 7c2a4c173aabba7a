/**
 * Login throttling (OWASP Authentication and Credential Stuffing cheat sheets), on
 * @fastify/rate-limit's counters. Only failures count; a success never resets anything, so an
 * attacker cannot clear its own record by logging into an account of its own. Three limits:
 *
 * - per client address and account: a guesser from one address gets a few tries, then waits;
 * - per account, from any address: a distributed guesser slows down too (higher, so that it takes
 *   many addresses to hold the real user out, and never for longer than one window);
 * - per client address, across accounts: password spraying (one password over many RUTs).
 *
 * Accounts are keyed only by a RUT of valid shape (and the fleet code for drivers): whatever the
 * input, a key is a few dozen bytes, and the in-process store is an LRU of bounded size.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, Messages } from '../errors';

export interface ThrottleLimits {
  perAddressAndAccount: { max: number; windowMs: number };
  perAccount: { max: number; windowMs: number };
  perAddress: { max: number; windowMs: number };
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perAddressAndAccount: { max: 10, windowMs: 5 * 60_000 },
  perAccount: { max: 50, windowMs: 15 * 60_000 },
  perAddress: { max: 100, windowMs: 15 * 60_000 },
};

export interface LoginThrottle {
  /** Throws a 429 (with Retry-After) when any limit is used up. */
  check(request: FastifyRequest, account: string | null): Promise<void>;
  /** Counts one failed attempt against every limit that applies. */
  recordFailure(request: FastifyRequest, account: string | null): Promise<void>;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** `scope` keeps the owner and driver logins apart: failures on one never hold the other back. */
export function createLoginThrottle(app: FastifyInstance, scope: string, limits: ThrottleLimits): LoginThrottle {
  // The key of the request being checked; keyGenerator reads it (the plugin passes only the request).
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = ({ max, windowMs }: { max: number; windowMs: number }): Limiter =>
    app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => keys.get(request) ?? '' });
  const byAddressAndAccount = limiter(limits.perAddressAndAccount);
  const byAccount = limiter(limits.perAccount);
  const byAddress = limiter(limits.perAddress);

  function applicable(request: FastifyRequest, account: string | null): [Limiter, string][] {
    const address = `${scope}|ip|${request.ip}`;
    const list: [Limiter, string][] = [[byAddress, address]];
    if (account !== null) {
      list.push([byAddressAndAccount, `${scope}|ip+acct|${request.ip}|${account}`], [byAccount, `${scope}|acct|${account}`]);
    }
    return list;
  }

  async function run(limit: Limiter, request: FastifyRequest, key: string, increment: boolean) {
    keys.set(request, key);
    return limit(request, { increment });
  }

  return {
    async check(request, account) {
      for (const [limit, key] of applicable(request, account)) {
        const status = await run(limit, request, key, false);
        if (!status.isAllowed && status.remaining === 0) {
          throw new HttpError(429, Messages.tooManyAttempts, undefined, { 'retry-after': String(Math.max(1, status.ttlInSeconds)) });
        }
      }
    },
    async recordFailure(request, account) {
      for (const [limit, key] of applicable(request, account)) await run(limit, request, key, true);
    },
  };
}
