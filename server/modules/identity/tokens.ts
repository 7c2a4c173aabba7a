/**
 * Session tokens: JWT HS256 only (pinned on verify), 12 hours. Three kinds, told apart by `role`:
 * an owner's (sub = owner id) and a desk user's (sub = desk user id, oid = fleet) for the dashboard, a driver's (sub = driver id, oid = the driver's
 * owner, tv = the driver's token version) for the phone API. Each guard accepts only its own kind.
 * Signed and verified with fast-jwt (the library behind @fastify/jwt): synchronous HMAC with the
 * key prepared once per secret. jose verifies through Web Crypto, whose every call is a hop to
 * libuv's thread pool and back and, given bytes or a KeyObject, a fresh key import: together about
 * a third of the server's CPU per driver request. A token once verified is remembered, by its exact
 * text, until its expiry (verified.ts): every phone sends its one token each second, and HMAC plus
 * base64 and JSON decoding cost about a tenth of the ingest request's CPU. Whether the account still
 * accepts the token (deleted, reset, logged out) is checked on every request, elsewhere.
 */
import { createSigner, createVerifier } from 'fast-jwt';
import { VerifiedTokens } from './verifiedTokens';

export const TOKEN_TTL = '12h';

export interface OwnerClaims {
  role: 'owner';
  /** The owner's id. */
  sub: number;
  /** The owner's token_version when signed: a bump ends the session (absent in older tokens: 0). */
  ver?: number;
}

/** A desk account (Administrador, Operador) of the fleet `ownerId`. */
export interface DeskClaims {
  role: 'desk';
  /** The desk user's id. */
  sub: number;
  ownerId: number;
  /** The user's token_version when signed. */
  ver: number;
}

export interface DriverClaims {
  role: 'driver';
  /** The driver's id. */
  sub: number;
  /** The owner the driver works for: a driver's events go to this owner's room. */
  ownerId: number;
  /** drivers.token_version when signed; a token without it counts as version 0. */
  tokenVersion: number;
}

export type TokenClaims = OwnerClaims | DriverClaims | DeskClaims;
export type Role = TokenClaims['role'];

type Sign = (payload: Record<string, unknown>) => string;
type Verify = (token: string) => Record<string, unknown>;
/** Per secret (tests use several): HS256 only, exp and sub required, 12 hours; tokens verified under it. */
const signers = new Map<string, { sign: Sign; verify: Verify; verified: VerifiedTokens<TokenClaims> }>();
function signer(secret: string): { sign: Sign; verify: Verify; verified: VerifiedTokens<TokenClaims> } {
  let found = signers.get(secret);
  if (!found) {
    found = {
      sign: createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_TTL }),
      verify: createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] }),
      verified: new VerifiedTokens<TokenClaims>(),
    };
    signers.set(secret, found);
  }
  return found;
}
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

export async function signToken(claims: TokenClaims, secret: string): Promise<string> {
  const payload =
    claims.role === 'driver'
      ? { role: claims.role, oid: claims.ownerId, tv: claims.tokenVersion }
      : claims.role === 'desk'
        ? { role: claims.role, oid: claims.ownerId, ver: claims.ver }
        : { role: claims.role, ver: claims.ver ?? 0 };
  return signer(secret).sign({ ...payload, sub: String(claims.sub) });
}

/** The claims of a valid token, or null (bad signature, other algorithm, expired, malformed, unknown role). */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  const { verify, verified } = signer(secret);
  const known = verified.get(token);
  if (known) return known;
  try {
    const payload = verify(token);
    const claims = claimsOf(payload);
    // Frozen: every later request with this token gets this same object.
    if (claims) verified.set(token, Object.freeze(claims), (payload.exp as number) * 1000);
    return claims;
  } catch {
    return null;
  }
}

/** Our claims from a verified payload, or null (malformed ids, unknown role). */
function claimsOf(payload: Record<string, unknown>): TokenClaims | null {
  const sub = Number(payload.sub);
  if (!isId(sub)) return null;
  const ver = Number.isInteger(payload.ver) ? (payload.ver as number) : 0;
  if (payload.role === 'owner') return { role: 'owner', sub, ver };
  if (payload.role === 'desk' && isId(payload.oid)) return { role: 'desk', sub, ownerId: payload.oid, ver };
  if (payload.role === 'driver' && isId(payload.oid)) {
    const tokenVersion = payload.tv === undefined ? 0 : payload.tv;
    if (!Number.isInteger(tokenVersion)) return null;
    return { role: 'driver', sub, ownerId: payload.oid, tokenVersion: tokenVersion as number };
  }
  return null;
}

/** An owner token's claims, or null for anything else (a driver's token included). */
export async function verifyOwnerToken(token: string, secret: string): Promise<OwnerClaims | null> {
  const claims = await verifyToken(token, secret);
  return claims?.role === 'owner' ? claims : null;
}

/** An owner's or desk user's token claims, or null for anything else (a driver's token included). */
export async function verifyDeskToken(token: string, secret: string): Promise<OwnerClaims | DeskClaims | null> {
  const claims = await verifyToken(token, secret);
  return claims?.role === 'owner' || claims?.role === 'desk' ? claims : null;
}

/** A driver token's claims, or null for anything else (an owner's token included). */
export async function verifyDriverToken(token: string, secret: string): Promise<DriverClaims | null> {
  const claims = await verifyToken(token, secret);
  return claims?.role === 'driver' ? claims : null;
}
