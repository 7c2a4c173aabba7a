/**
 * The login throttle as a client sees it, with client addresses told apart by X-Forwarded-For
 * (TRUST_PROXY=on): a guesser is slowed, the real user is not held out, spraying is limited, and
 * garbage never becomes a counter.
 */
import { DEMO_FLEET_CODE, DEMO_OWNER_RUT, DEMO_PASSWORD, demoDriverRuts } from '../../tools/seed/demoFleet';
import { validRut } from '../../tools/testing/fleetFixtures';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { DEFAULT_LIMITS } from './loginThrottle';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
}, 60_000);
afterAll(() => server.close());

const TOO_MANY = { error: 'Demasiados intentos. Espera unos minutos e intenta nuevamente.' };

async function login(path: string, from: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
}
const driverLogin = (from: string, rut: string, password: string, fleet_code = DEMO_FLEET_CODE) => login('/api/driver/login', from, { fleet_code, rut, password });
const ownerLogin = (from: string, rut: string, password: string) => login('/api/auth/login', from, { rut, password });

describe('login throttling', () => {
  it('slows a guesser at one address while the real driver signs in from another', async () => {
    const rut = demoDriverRuts()[0];
    const { max } = DEFAULT_LIMITS.perAddressAndAccount;
    for (let i = 0; i < max; i += 1) expect((await driverLogin('10.0.0.1', rut, 'adivinanza')).status).toBe(401);
    const blocked = await driverLogin('10.0.0.1', rut, DEMO_PASSWORD);
    expect({ status: blocked.status, body: blocked.body }).toEqual({ status: 429, body: TOO_MANY });
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect((await driverLogin('10.0.0.2', rut, DEMO_PASSWORD)).status).toBe(200);
    // Typed without check digit: the same account, the same counter.
    expect((await driverLogin('10.0.0.1', rut.slice(0, -1), DEMO_PASSWORD)).status).toBe(429);
    // The owner's desk is another scope: not held back by the drivers' failures.
    expect((await ownerLogin('10.0.0.1', DEMO_OWNER_RUT, DEMO_PASSWORD)).status).toBe(200);
  });

  it('limits one account across addresses, and a success never clears the counters', async () => {
    const rut = demoDriverRuts()[1];
    const { max } = DEFAULT_LIMITS.perAccount;
    const perAddress = DEFAULT_LIMITS.perAddressAndAccount.max;
    for (let i = 0; i < max; i += 1) {
      const from = `10.1.${Math.floor(i / perAddress)}.1`;
      expect((await driverLogin(from, rut, 'adivinanza')).status).toBe(401);
      // A login of the attacker's own in between does not reset anything.
      if (i % 20 === 0) expect((await driverLogin(from, demoDriverRuts()[2], DEMO_PASSWORD)).status).toBe(200);
    }
    expect((await driverLogin('10.1.99.1', rut, DEMO_PASSWORD)).status).toBe(429);
  }, 60_000);

  it('limits password spraying: one address, one password, many RUTs', async () => {
    const { max } = DEFAULT_LIMITS.perAddress;
    for (let i = 0; i < max; i += 1) expect((await ownerLogin('10.2.0.1', validRut(30_000_000 + i), 'Verano2026')).status).toBe(401);
    expect((await ownerLogin('10.2.0.1', validRut(31_000_000), 'Verano2026')).body).toEqual(TOO_MANY);
    // Even the right account from there waits; everybody else does not.
    expect((await ownerLogin('10.2.0.1', DEMO_OWNER_RUT, DEMO_PASSWORD)).status).toBe(429);
    expect((await ownerLogin('10.2.0.2', DEMO_OWNER_RUT, DEMO_PASSWORD)).status).toBe(200);
  }, 60_000);

  // Whether such RUTs leave memory behind (1,000 of them were a gigabyte once) is measured by
  // `npm run bench -- loginLimiter`, not here.
  it('answers distinct RUTs of a megabyte each as invalid, from many addresses', async () => {
    const huge = (i: number) => `${i}`.padEnd(1_000_000, '9');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ownerLogin(`10.3.${i}.2`, huge(i), 'x')));
    for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: { error: 'RUT inválido' } });
  });
});
