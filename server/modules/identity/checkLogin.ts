/**
 * The login check owners and drivers share: throttled (platform/edge/loginThrottle.ts), the same 401
 * text for an unknown RUT and a wrong password, and scrypt run even when nobody matches, so timing
 * tells nothing.
 */
import type { FastifyRequest } from 'fastify';
import type { LoginRequest } from '../../../contract/api';
import { loginRutKey, storedRutBody } from '../../../contract/rut';
import type { LoginThrottle } from '../../platform/edge/loginThrottle';
import { HttpError, Messages } from '../../platform/errors';
import { dummyPasswordHash, verifyPassword } from './passwords';

export type LoginKey = { rut: string } | { body: string };

export interface LoginCheck<T> {
  throttle: LoginThrottle;
  request: FastifyRequest;
  body: LoginRequest;
  /** Names the account space the RUT lives in (a driver's fleet code); part of the throttle key. */
  realm?: string;
  /** The accounts the RUT designates (at most one is expected). */
  find(key: LoginKey): Promise<T[]>;
  passwordHash(account: T): string;
}

/** The one account whose password matches, or a 401/429 HttpError. */
export async function checkLogin<T>({ throttle, request, body, realm = '', find, passwordHash }: LoginCheck<T>): Promise<T> {
  // Only a RUT of valid shape becomes an account key (bounded size); the same key whether it was
  // typed with or without its check digit.
  const key = loginRutKey(body.rut);
  const account = key ? `${realm}|${'rut' in key ? storedRutBody(key.rut) : key.body}` : null;
  await throttle.check(request, account);

  const candidates = key ? await find(key) : [];
  if (!candidates.length) await verifyPassword(body.password, await dummyPasswordHash());
  const matches: T[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(body.password, passwordHash(candidate))) matches.push(candidate);
  }
  // Two accounts with the same RUT body in one realm cannot be told apart: refused.
  if (matches.length !== 1) {
    await throttle.recordFailure(request, account);
    throw new HttpError(401, Messages.badCredentials);
  }
  return matches[0];
}
