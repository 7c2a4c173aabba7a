/**
 * Session tokens: JWT HS256 only (pinned on verify), 12 hours. Three kinds, told apart by `role`:
 * an owner's (sub = owner id) and a desk user's (sub = desk user id, oid = fleet) for the dashboard, a driver's (sub = driver id, oid = the driver's
 * owner, tv = the driver's token version) for the phone API. Each guard accepts only its own kind.
 * The HMAC key is imported once per secret: importing it on every request cost 12% of the ingest.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

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

const keys = new Map<string, KeyObject>();
function key(secret: string): KeyObject {
  let found = keys.get(secret);
  if (!found) {
    found = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, found);
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
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuedAt()
    .setExpirationTime(TOKEN_TTL)
    .sign(key(secret));
}

/** The claims of a valid token, or null (bad signature, other algorithm, expired, malformed, unknown role). */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
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
  } catch {
    return null;
  }
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
