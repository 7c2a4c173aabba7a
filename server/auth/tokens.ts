/** Session tokens: JWT HS256 only (pinned on verify), 12 hours. */
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_TTL = '12h';
export type Role = 'owner';

export interface TokenClaims {
  /** The owner's id. */
  sub: number;
  role: Role;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(claims: TokenClaims, secret: string): Promise<string> {
  return new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuedAt()
    .setExpirationTime(TOKEN_TTL)
    .sign(key(secret));
}

/** The claims of a valid token, or null (bad signature, other algorithm, expired, malformed). */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const sub = Number(payload.sub);
    if (!Number.isInteger(sub) || sub <= 0 || payload.role !== 'owner') return null;
    return { sub, role: payload.role };
  } catch {
    return null;
  }
}
