/** The REST API as a client sees it: a real listening server over HTTP with a seeded PGlite. */
import { SignJWT } from 'jose';
import { z } from 'zod';
import { driverSchema, shiftSchema, userSchema, vehicleSchema } from '../contract/entities';
import { computeCheckDigit } from '../contract/rut';
import { hashPassword } from './modules/identity/passwords';
import { insertOwner } from './modules/identity/ownersRepo';
import { DEMO_COUNTS } from './tools/seed/demoFleet';
import { startSignedInServer, type SignedInServer } from './tools/testing/fleetApi';
import { SECOND_OWNER, TEST_JWT_SECRET, type TestServer } from './tools/testing/testServer';

let server: TestServer;
let token: string;
let call: SignedInServer['call'];

beforeAll(async () => {
  ({ server, token, call } = await startSignedInServer());
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const login = (rut: string, password: string) => call('/api/auth/login', { method: 'POST', json: { rut, password } });

describe('health', () => {
  it('answers ok with the database kind', async () => {
    expect(await call('/api/health')).toMatchObject({ status: 200, body: { ok: true, db: 'pglite' } });
  });
});

describe('POST /api/auth/login', () => {
  const demoUser = {
    rut: '123456785',
    first_name: 'Carolina',
    last_name: 'Muñoz',
    email: 'carolina.munoz@taxislaligua.cl',
    company_name: 'Taxis La Ligua',
  };

  it.each(['12.345.678-5', '12345678-5', '123456785', '12345678'])('signs in with RUT typed as %s', async (rut) => {
    const { status, body } = await login(rut, 'flota-demo');
    expect(status).toBe(200);
    expect(typeof body.token).toBe('string');
    expect(userSchema.strict().parse(body.user)).toMatchObject(demoUser);
  });

  it('answers wrong password and unknown RUT with the same 401 text', async () => {
    const wrong = await login('12.345.678-5', 'otra-clave');
    const unknown = await login('11.111.112-K', 'flota-demo');
    expect(wrong).toMatchObject({ status: 401, body: { error: 'RUT o contraseña incorrectos' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('asks for missing fields in Spanish', async () => {
    const { status, body } = await call('/api/auth/login', { method: 'POST', json: {} });
    expect(status).toBe(400);
    expect(body.fields).toEqual({ rut: 'Ingresa tu RUT', password: 'Ingresa tu contraseña' });
    expect(body.error).toBe('Ingresa tu RUT');
  });

  it('answers malformed JSON with 400 Solicitud inválida', async () => {
    const { status, body } = await call('/api/auth/login', { method: 'POST', jsonText: '{"rut": ' });
    expect({ status, body }).toEqual({ status: 400, body: { error: 'Solicitud inválida' } });
  });

  it('blocks after 10 failures with 429, even with the right password', async () => {
    // An owner of its own, so the block does not touch the other tests' logins.
    const body = '15000000';
    const rut = `${body}${computeCheckDigit(body)}`;
    await insertOwner(server.db, {
      rut,
      passwordHash: await hashPassword('clave-correcta'),
      first_name: 'Bloqueada',
      last_name: 'Prueba',
      email: 'b@example.cl',
      company_name: 'Prueba',
    });
    for (let i = 0; i < 10; i += 1) expect((await login(rut, 'mala-clave')).status).toBe(401);
    expect(await login(rut, 'clave-correcta')).toMatchObject({
      status: 429,
      body: { error: 'Demasiados intentos. Espera unos minutos e intenta nuevamente.' },
    });
    // Typed without check digit: same person, same bucket.
    expect((await login(body, 'clave-correcta')).status).toBe(429);
    expect((await login('12.345.678-5', 'flota-demo')).status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('returns the user for a valid token', async () => {
    const { status, body } = await call('/api/auth/me', { token });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ rut: '123456785', company_name: 'Taxis La Ligua' });
  });

  const expired = { error: 'Sesión expirada. Ingresa nuevamente.' };

  it('answers 401 without a token', async () => {
    expect(await call('/api/auth/me')).toMatchObject({ status: 401, body: expired });
  });

  it('answers 401 for a tampered token', async () => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url');
    expect(await call('/api/auth/me', { token: `${header}.${forged}.${signature}` })).toMatchObject({ status: 401, body: expired });
    expect(await call('/api/auth/me', { token: `${token}x` })).toMatchObject({ status: 401, body: expired });
  });

  it('answers 401 for a token signed with another secret, alg none, or expired', async () => {
    const other = await new SignJWT({ role: 'owner' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const none = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ sub: '1', role: 'owner', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url'),
      '',
    ].join('.');
    const old = await new SignJWT({ role: 'owner' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const bad of [other, none, old]) {
      expect(await call('/api/auth/me', { token: bad })).toMatchObject({ status: 401, body: expired });
    }
  });

  it('answers 401 when the owner no longer exists', async () => {
    const ghost = await new SignJWT({ role: 'owner' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('9999')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect(await call('/api/drivers', { token: ghost })).toMatchObject({ status: 401, body: expired });
  });
});

describe('owner lists', () => {
  it('lists the demo drivers, ordered, with plates, and none of another owner', async () => {
    const { status, body } = await call('/api/drivers', { token });
    expect(status).toBe(200);
    const drivers = z.array(driverSchema.strict()).parse(body.drivers);
    expect(body.count).toBe(DEMO_COUNTS.drivers);
    expect(drivers).toHaveLength(DEMO_COUNTS.drivers);
    expect(drivers.filter((d) => d.plate_number !== null)).toHaveLength(DEMO_COUNTS.assignedDrivers);
    expect(drivers.filter((d) => !d.is_active)).toHaveLength(DEMO_COUNTS.inactiveDrivers);
    // Ordered by last name, then first name (the embedded database compares code points).
    const names = drivers.map((d) => [d.last_name, d.first_name]);
    const byName = (a: string[], b: string[]) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1);
    expect(names).toEqual([...names].sort(byName));
    expect(drivers.some((d) => d.first_name === SECOND_OWNER.driverFirstName)).toBe(false);
    expect(drivers.every((d) => /^\d{7,8}[\dK]$/.test(d.rut))).toBe(true);
  });

  it('lists the demo vehicles by plate with their drivers', async () => {
    const { status, body } = await call('/api/vehicles', { token });
    expect(status).toBe(200);
    const vehicles = z.array(vehicleSchema.strict()).parse(body.vehicles);
    expect(body.count).toBe(DEMO_COUNTS.vehicles);
    const plates = vehicles.map((v) => v.plate_number);
    expect(plates).toEqual([...plates].sort());
    expect(vehicles.filter((v) => v.driver_id !== null)).toHaveLength(DEMO_COUNTS.assignedDrivers);
    expect(vehicles.find((v) => v.driver_id !== null)?.driver_first_name).toEqual(expect.any(String));
    expect(plates).not.toContain(SECOND_OWNER.plate);
  });

  it('lists the active shifts with positions for five of six', async () => {
    const { status, body } = await call('/api/shifts/active', { token });
    expect(status).toBe(200);
    const shifts = z.array(shiftSchema.strict()).parse(body.shifts);
    expect(body.count).toBe(DEMO_COUNTS.activeShifts);
    expect(shifts.every((s) => s.is_active && s.end_time === null && s.duration_seconds === null)).toBe(true);
    expect(shifts.filter((s) => s.latitude !== null)).toHaveLength(DEMO_COUNTS.activeShiftsWithPosition);
    expect(shifts.every((s) => s.plate_number !== null && s.first_name.length > 0)).toBe(true);
    const starts = shifts.map((s) => s.start_time);
    expect(starts).toEqual([...starts].sort());
    expect(starts.every((t) => new Date(t).toISOString() === t)).toBe(true);
    for (const s of shifts.filter((x) => x.latitude !== null)) {
      expect(Math.abs((s.latitude as number) + 32.4519)).toBeLessThan(0.04);
      expect(Math.abs((s.longitude as number) + 71.2264)).toBeLessThan(0.05);
    }
    expect(shifts.some((s) => s.first_name === SECOND_OWNER.driverFirstName)).toBe(false);
  });

  it('shows the second owner only its own rows', async () => {
    const other = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
    const drivers = await call('/api/drivers', { token: other });
    expect(drivers.body).toMatchObject({ count: 1, drivers: [{ first_name: SECOND_OWNER.driverFirstName, plate_number: SECOND_OWNER.plate }] });
    const vehicles = await call('/api/vehicles', { token: other });
    expect(vehicles.body).toMatchObject({ count: 1, vehicles: [{ plate_number: SECOND_OWNER.plate, driver_first_name: SECOND_OWNER.driverFirstName }] });
    const shifts = await call('/api/shifts/active', { token: other });
    expect(shifts.body).toMatchObject({ count: 1, shifts: [{ first_name: SECOND_OWNER.driverFirstName }] });
  });

  it('answers unknown API routes with 404 in Spanish', async () => {
    expect(await call('/api/nada', { token })).toMatchObject({ status: 404, body: { error: 'Recurso no encontrado' } });
  });
});
