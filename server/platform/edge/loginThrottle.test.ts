/**
 * The login throttle as a client sees it, with client addresses told apart by X-Forwarded-For
 * (TRUST_PROXY=on): a guesser is slowed, the real user is not held out, spraying is limited, and
 * garbage never becomes a counter.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
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

  it('keeps its memory flat under 1,000 distinct RUTs of a megabyte each', async () => {
    const gc = (() => {
      v8.setFlagsFromString('--expose-gc');
      return vm.runInNewContext('gc') as () => void;
    })();
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const huge = (i: number) => `${i}`.padEnd(1_000_000, '9');
    // Warm up (JIT, pools), then measure.
    for (let i = 0; i < 20; i += 1) await ownerLogin('10.3.0.1', huge(i), 'x');
    const before = heap();
    for (let i = 0; i < 1000; i += 10) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, j) => ownerLogin(`10.3.${(i + j) % 250}.2`, huge(1000 + i + j), 'x')));
      for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: { error: 'RUT inválido' } });
    }
    const grown = heap() - before;
    // Kept for 15 minutes, 1,000 such RUTs were a gigabyte; flat means a few megabytes of noise.
    expect(grown).toBeLessThan(16 * 1024 * 1024);
  }, 120_000);
});
