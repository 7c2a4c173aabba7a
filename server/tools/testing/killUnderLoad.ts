/**
 * Kill -9 under load: the real server as its own process takes location batches from many drivers
 * while the owner creates drivers; it is killed with SIGKILL mid-load, started again on the same
 * data (data folder or PostgreSQL), and every acknowledged write (a 202 point, a 201 driver) must
 * be there. Used by the durability test (small) and `npm run chaos` (longer, both databases).
 */
import { signToken } from '../../modules/identity/tokens';
import { DEMO_OWNER_RUT, DEMO_PASSWORD } from '../seed/demoFleet';
import { driverBody, validRut } from './fleetFixtures';
import { apiCall } from './http';
import { startServerProcess, type ServerProcess } from './serverProcess';

export const KILL_TEST_SECRET = 'kill-test-secret-0123456789-0123456789-xyz';

export interface KillRunOptions {
  port: number;
  /** PGlite data folder (embedded) — or databaseUrl for PostgreSQL. */
  dataDir: string;
  databaseUrl?: string;
  drivers: number;
  /** How long the load runs before SIGKILL. */
  loadMs: number;
  /** Points per batch. */
  batch?: number;
  /** RUT bodies of the drivers it creates start here (distinct per run on one database). */
  rutBody: number;
}

export interface KillRunResult {
  acknowledgedPoints: number;
  lostPoints: number;
  acknowledgedDrivers: number;
  lostDrivers: number;
  /** Requests that failed because the server died (never acknowledged: allowed to be lost). */
  failedRequests: number;
}

function serverEnv(options: KillRunOptions): Record<string, string> {
  return { DATA_DIR: options.dataDir, JWT_SECRET: KILL_TEST_SECRET, ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}) };
}

async function ownerToken(url: string): Promise<string> {
  const login = await apiCall(url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } });
  if (login.status !== 200) throw new Error(`owner login failed: ${login.status}`);
  return login.body.token as string;
}

/** Drivers with a vehicle each, created through the owner API, on shifts started through the driver API. */
async function driversOnShift(url: string, owner: string, options: KillRunOptions) {
  const ownerId = (await apiCall(url, '/api/auth/me', { token: owner })).body.user.id as number;
  const drivers: { token: string; shiftId: number }[] = [];
  for (let i = 0; i < options.drivers; i++) {
    const plate = `KT${String((options.rutBody + i) % 10000).padStart(4, '0')}`;
    const vehicle = await apiCall(url, '/api/vehicles', { token: owner, json: { plate_number: plate, model: 'Toyota Yaris', color: 'Blanco', year: 2021 } });
    if (vehicle.status !== 201) throw new Error(`vehicle: ${vehicle.status} ${JSON.stringify(vehicle.body)}`);
    const created = await apiCall(url, '/api/drivers', { token: owner, json: driverBody(validRut(options.rutBody + i), { current_vehicle_id: vehicle.body.vehicle.id }) });
    if (created.status !== 201) throw new Error(`driver: ${created.status} ${JSON.stringify(created.body)}`);
    // Signed as the driver login signs it (the login's own rules are not what this test is about).
    const token = await signToken({ role: 'driver', sub: created.body.driver.id, ownerId, tokenVersion: 0 }, KILL_TEST_SECRET);
    const shift = await apiCall(url, '/api/driver/shifts/start', { token, json: {} });
    if (shift.status !== 200) throw new Error(`shift: ${shift.status} ${JSON.stringify(shift.body)}`);
    drivers.push({ token, shiftId: shift.body.shift.id });
  }
  return drivers;
}

/** Every stored timestamp of the shift, through the exact paging of the trail route. */
export async function storedTimes(url: string, owner: string, shiftId: number): Promise<Set<string>> {
  const times = new Set<string>();
  let after: string | null = '';
  while (after !== null) {
    const page = await apiCall(url, `/api/shifts/${shiftId}/locations?limit=5000${after ? `&after=${encodeURIComponent(after)}` : ''}`, { token: owner });
    if (page.status !== 200) throw new Error(`trail: ${page.status}`);
    for (const point of page.body.locations as { timestamp: string }[]) times.add(point.timestamp);
    after = page.body.next_after as string | null;
  }
  return times;
}

export async function killUnderLoad(options: KillRunOptions): Promise<KillRunResult> {
  const batch = options.batch ?? 5;
  let server: ServerProcess = await startServerProcess({ port: options.port, env: serverEnv(options) });
  try {
    const owner = await ownerToken(server.url);
    const drivers = await driversOnShift(server.url, owner, options);

    const ackedPoints = new Map<number, string[]>();
    const ackedDrivers: number[] = [];
    let failed = 0;
    let running = true;
    // Every point after every shift's start (none ignored), one millisecond apart (none a duplicate).
    let clock = Date.now();
    const pointLoop = async (driver: { token: string; shiftId: number }) => {
      while (running) {
        const locations = Array.from({ length: batch }, () => ({ latitude: -33.45, longitude: -70.66, timestamp: new Date(++clock).toISOString() }));
        try {
          const answer = await apiCall(server.url, '/api/driver/locations', { token: driver.token, json: { locations } });
          if (answer.status === 202 && answer.body.accepted !== locations.length) throw new Error(`accepted ${answer.body.accepted} of ${locations.length}`);
          if (answer.status === 202) {
            const acked = ackedPoints.get(driver.shiftId) ?? [];
            acked.push(...locations.map((l) => l.timestamp));
            ackedPoints.set(driver.shiftId, acked);
          }
          else if (answer.status !== 429) throw new Error(`locations: ${answer.status} ${JSON.stringify(answer.body)}`);
        } catch (error) {
          if (running) throw error;
          failed++;
        }
      }
    };
    const driverLoop = async () => {
      for (let i = options.drivers; running; i++) {
        try {
          const created = await apiCall(server.url, '/api/drivers', { token: owner, json: driverBody(validRut(options.rutBody + i)) });
          if (created.status === 201) ackedDrivers.push(created.body.driver.id);
        } catch {
          if (running) throw new Error('driver creation failed while the server lived');
          failed++;
        }
      }
    };
    const loops = [...drivers.map(pointLoop), driverLoop()];
    await new Promise((resolve) => setTimeout(resolve, options.loadMs));
    running = false;
    await server.kill('SIGKILL');
    await Promise.allSettled(loops);

    server = await startServerProcess({ port: options.port, env: serverEnv(options) });
    const ownerAgain = await ownerToken(server.url);
    let lostPoints = 0;
    let acknowledgedPoints = 0;
    for (const [shiftId, times] of ackedPoints) {
      const stored = await storedTimes(server.url, ownerAgain, shiftId);
      acknowledgedPoints += times.length;
      lostPoints += times.filter((time) => !stored.has(time)).length;
    }
    const listed = await apiCall(server.url, '/api/drivers', { token: ownerAgain });
    const present = new Set((listed.body.drivers as { id: number }[]).map((d) => d.id));
    return {
      acknowledgedPoints,
      lostPoints,
      acknowledgedDrivers: ackedDrivers.length,
      lostDrivers: ackedDrivers.filter((id) => !present.has(id)).length,
      failedRequests: failed,
    };
  } finally {
    await server.kill('SIGTERM');
  }
}
