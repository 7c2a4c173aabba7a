/**
 * The login check owners and drivers share: rate limit per IP + RUT, the same 401 text for an
 * unknown RUT and a wrong password, and scrypt run even when nobody matches, so timing tells nothing.
 */
import type { LoginRequest } from '../../contract/api';
import { loginRutKey, storedRutBody } from '../../contract/rut';
import { HttpError, Messages } from '../errors';
import type { LoginRateLimiter } from './loginRateLimit';
import { dummyPasswordHash, verifyPassword } from './passwords';

export type LoginKey = { rut: string } | { body: string };

export interface LoginCheck<T> {
  limiter: LoginRateLimiter;
  ip: string;
  body: LoginRequest;
  /** The accounts the RUT designates (usually one; a driver may have one per fleet). */
  find(key: LoginKey): Promise<T[]>;
  passwordHash(account: T): string;
}

/** The one account whose password matches, or a 401/429 HttpError. */
export async function checkLogin<T>({ limiter, ip, body, find, passwordHash }: LoginCheck<T>): Promise<T> {
  const key = loginRutKey(body.rut);
  // Same bucket whether the RUT was typed with or without its check digit.
  const who = key ? ('rut' in key ? storedRutBody(key.rut) : key.body) : body.rut.toUpperCase();
  const limitKey = `${ip}|${who}`;
  if (limiter.isBlocked(limitKey)) throw new HttpError(429, Messages.tooManyAttempts);

  const candidates = key ? await find(key) : [];
  if (!candidates.length) await verifyPassword(body.password, await dummyPasswordHash());
  const matches: T[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(body.password, passwordHash(candidate))) matches.push(candidate);
  }
  // Two accounts with the same RUT and password cannot be told apart: refused like a wrong password.
  if (matches.length !== 1) {
    limiter.recordFailure(limitKey);
    throw new HttpError(401, Messages.badCredentials);
  }
  limiter.reset(limitKey);
  return matches[0];
}
