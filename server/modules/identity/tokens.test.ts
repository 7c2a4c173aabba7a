/**
 * Session tokens: each guard takes only its own kind; they last 12 hours; tokens signed before the
 * move to fast-jwt (by jose, an independent implementation) stay valid; and nothing but HS256 with
 * an expiry passes.
 */
import { SignJWT } from 'jose';
import { signToken, verifyDriverToken, verifyOwnerToken, verifyToken } from './tokens';

const secret = () => `tokens-test-${Math.random()}-0123456789-0123456789`;
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, number>;

it('verifies its own tokens and refuses another kind, another secret and a tampered payload', async () => {
  const key = secret();
  const driver = await signToken({ role: 'driver', sub: 7, ownerId: 3, tokenVersion: 2 }, key);
  expect(await verifyDriverToken(driver, key)).toEqual({ role: 'driver', sub: 7, ownerId: 3, tokenVersion: 2 });
  expect(await verifyOwnerToken(driver, key)).toBeNull();
  expect(await verifyToken(driver, secret())).toBeNull();
  const [header, , signature] = driver.split('.');
  expect(await verifyToken(`${header}.${part({ ...decode(driver), oid: 4 })}.${signature}`, key)).toBeNull();
});

it('signs for 12 hours', async () => {
  const claims = decode(await signToken({ role: 'owner', sub: 1, ver: 0 }, secret()));
  expect(claims.exp - claims.iat).toBe(12 * 3600);
  expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(5);
});

it('accepts a session signed by jose before the change, and refuses alg none, no expiry and an expired token', async () => {
  const key = secret();
  const bytes = new TextEncoder().encode(key);
  const jose = (expiry: number | null) => {
    const jwt = new SignJWT({ role: 'owner', ver: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('5').setIssuedAt();
    return (expiry === null ? jwt : jwt.setExpirationTime(expiry)).sign(bytes);
  };
  const now = Math.floor(Date.now() / 1000);
  expect(await verifyOwnerToken(await jose(now + 3600), key)).toEqual({ role: 'owner', sub: 5, ver: 0 });
  expect(await verifyToken(await jose(now - 60), key)).toBeNull();
  expect(await verifyToken(await jose(null), key)).toBeNull();
  expect(await verifyToken(`${part({ alg: 'none', typ: 'JWT' })}.${part({ role: 'owner', sub: '5', exp: now + 3600 })}.`, key)).toBeNull();
});

it('refuses a token remembered as verified once its expiry passes', async () => {
  const key = secret();
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ role: 'owner', ver: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('5').setIssuedAt().setExpirationTime(now + 60).sign(new TextEncoder().encode(key));
  expect(await verifyOwnerToken(token, key)).toEqual({ role: 'owner', sub: 5, ver: 0 });
  expect(await verifyOwnerToken(token, key)).toEqual({ role: 'owner', sub: 5, ver: 0 });
  const clock = jest.spyOn(Date, 'now').mockReturnValue((now + 61) * 1000);
  try {
    expect(await verifyOwnerToken(token, key)).toBeNull();
  } finally {
    clock.mockRestore();
  }
});
