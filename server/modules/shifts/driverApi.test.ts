/** The driver API (phones, simulator) and the owner's trail route, over HTTP against a seeded server. */
import { z } from 'zod';
import { driverProfileSchema, shiftSchema } from '../../../contract/entities';
import { formatRut } from '../../../contract/rut';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import { DRIVER_ACTIVE_SHIFT_INDEX, VEHICLE_ACTIVE_SHIFT_INDEX } from './driverShiftsRepo';
import { DEMO_FLEET_CODE, DEMO_PASSWORD } from '../../tools/seed/demoFleet';
import { apiCall, driverLogin } from '../../tools/testing/http';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../tools/testing/testServer';

let server: TestServer;
let ownerToken: string;
let otherOwnerToken: string;
let otherVehicleId: number;
/** Seeded drivers with a vehicle and no active shift, by RUT; each test takes its own. */
let freeDrivers: { id: number; rut: string; current_vehicle_id: number }[];
let onShiftDriver: { rut: string; vehicleId: number };

beforeAll(async () => {
  server = await startTestServer();
  otherVehicleId = (await createSecondOwner(server.db)).vehicleId;
  ownerToken = await server.login();
  otherOwnerToken = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
  const active = await server.db.selectFrom('shifts').select(['driver_id', 'vehicle_id']).where('end_time', 'is', null).where('owner_id', '=', server.seed.ownerId).execute();
  const drivers = await server.db
    .selectFrom('drivers')
    .select(['id', 'rut', 'current_vehicle_id', 'is_active'])
    .where('owner_id', '=', server.seed.ownerId)
    .orderBy('id')
    .execute();
  const busy = new Set(active.map((s) => s.driver_id));
  freeDrivers = drivers
    .filter((d) => d.is_active && d.current_vehicle_id !== null && !busy.has(d.id))
    .map((d) => ({ id: d.id, rut: d.rut, current_vehicle_id: d.current_vehicle_id as number }));
  const first = drivers.find((d) => d.id === active[0].driver_id);
  onShiftDriver = { rut: first!.rut, vehicleId: active[0].vehicle_id as number };
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const post = (path: string, token: string, json: unknown = {}) => apiCall(server.url, path, { token, json });
const nextFree = () => {
  const driver = freeDrivers.shift();
  if (!driver) throw new Error('no free seeded driver left');
  return driver;
};
async function startedDriver() {
  const driver = nextFree();
  const { token } = await driverLogin(server.url, driver.rut);
  const started = await post('/api/driver/shifts/start', token);
  expect(started.status).toBe(200);
  return { ...driver, token, shift: shiftSchema.parse(started.body.shift) };
}
const point = (latitude: number, longitude: number, time: Date | number) => ({ latitude, longitude, timestamp: new Date(time).toISOString() });

describe('POST /api/driver/login', () => {
  it('signs a driver in with RUT (any format) and password, giving a token and its profile', async () => {
    const driver = freeDrivers[0];
    for (const rut of [driver.rut, formatRut(driver.rut), driver.rut.slice(0, -1)]) {
      const { status, body } = await apiCall(server.url, '/api/driver/login', { json: { fleet_code: DEMO_FLEET_CODE, rut, password: DEMO_PASSWORD } });
      expect(status).toBe(200);
      expect(typeof body.token).toBe('string');
      expect(driverProfileSchema.strict().parse(body.driver)).toMatchObject({ id: driver.id, rut: driver.rut, current_vehicle_id: driver.current_vehicle_id });
    }
  });

  it('answers the same 401 for a wrong password and an unknown RUT', async () => {
    const wrong = await apiCall(server.url, '/api/driver/login', { json: { fleet_code: DEMO_FLEET_CODE, rut: freeDrivers[0].rut, password: 'otra-clave' } });
    const unknown = await apiCall(server.url, '/api/driver/login', { json: { fleet_code: DEMO_FLEET_CODE, rut: '5.126.663-3', password: DEMO_PASSWORD } });
    for (const answer of [wrong, unknown]) expect(answer).toEqual({ status: 401, body: { error: 'RUT o contraseña incorrectos' } });
  });

  it('refuses an owner RUT, an inactive driver and a deleted one, with the same 401', async () => {
    const inactive = await server.db.selectFrom('drivers').select('rut').where('is_active', '=', false).executeTakeFirstOrThrow();
    const deleted = nextFree();
    const { token } = await driverLogin(server.url, deleted.rut);
    await server.db.updateTable('drivers').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();
    for (const rut of ['12.345.678-5', inactive.rut, deleted.rut]) {
      expect(await apiCall(server.url, '/api/driver/login', { json: { fleet_code: DEMO_FLEET_CODE, rut, password: DEMO_PASSWORD } })).toEqual({
        status: 401,
        body: { error: 'RUT o contraseña incorrectos' },
      });
    }
    // A token given before the driver was deleted stops working at once.
    expect(await post('/api/driver/shifts/start', token)).toMatchObject({ status: 401, body: { error: 'Sesión expirada. Ingresa nuevamente.' } });
  });

  it('blocks after 10 failures with 429, like the owner login', async () => {
    const driver = nextFree();
    for (let i = 0; i < 10; i += 1) {
      expect((await apiCall(server.url, '/api/driver/login', { json: { fleet_code: DEMO_FLEET_CODE, rut: driver.rut, password: 'mala-clave' } })).status).toBe(401);
    }
    expect(await apiCall(server.url, '/api/driver/login', { json: { fleet_code: DEMO_FLEET_CODE, rut: driver.rut, password: DEMO_PASSWORD } })).toEqual({
      status: 429,
      body: { error: 'Demasiados intentos. Espera unos minutos e intenta nuevamente.' },
    });
  });

  it('keeps the two kinds of token apart: owner routes refuse a driver token and driver routes an owner token', async () => {
    const { token: driverToken } = await driverLogin(server.url, freeDrivers[0].rut);
    const expired = { error: 'Sesión expirada. Ingresa nuevamente.' };
    for (const path of ['/api/drivers', '/api/shifts/active', '/api/auth/me']) {
      expect(await apiCall(server.url, path, { token: driverToken })).toEqual({ status: 401, body: expired });
    }
    for (const path of ['/api/driver/shifts/start', '/api/driver/shifts/end', '/api/driver/locations']) {
      expect(await post(path, ownerToken)).toEqual({ status: 401, body: expired });
      expect(await apiCall(server.url, path, { json: {} })).toEqual({ status: 401, body: expired });
    }
  });
});

describe('driver shifts', () => {
  it('starts a shift with the assigned vehicle, once, and the owner sees it as active', async () => {
    const { token, shift, current_vehicle_id, id } = await startedDriver();
    expect(shift).toMatchObject({ driver_id: id, vehicle_id: current_vehicle_id, is_active: true, end_time: null, latitude: null });
    expect(Math.abs(Date.parse(shift.start_time) - Date.now())).toBeLessThan(10_000);
    expect(await post('/api/driver/shifts/start', token)).toEqual({ status: 409, body: { error: 'Ya tienes un turno activo' } });
    const active = await apiCall(server.url, '/api/shifts/active', { token: ownerToken });
    expect(active.body.shifts.map((s: { id: number }) => s.id)).toContain(shift.id);
  });

  it('starts with another vehicle of the same owner, but not another owner’s, an unknown one or one on shift', async () => {
    const driver = nextFree();
    const spare = nextFree(); // its vehicle is free: nobody drives it now
    const { token } = await driverLogin(server.url, driver.rut);
    for (const vehicle_id of [otherVehicleId, 999_999]) {
      expect(await post('/api/driver/shifts/start', token, { vehicle_id })).toMatchObject({ status: 400, body: { error: 'Vehículo no encontrado' } });
    }
    expect(await post('/api/driver/shifts/start', token, { vehicle_id: onShiftDriver.vehicleId })).toEqual({
      status: 409,
      body: { error: 'El vehículo ya está en un turno activo' },
    });
    expect(await post('/api/driver/shifts/start', token, { vehicle_id: 'x' })).toMatchObject({ status: 400 });
    const started = await post('/api/driver/shifts/start', token, { vehicle_id: spare.current_vehicle_id });
    expect(started).toMatchObject({ status: 200, body: { shift: { vehicle_id: spare.current_vehicle_id, driver_id: driver.id } } });
  });

  it('leaves the last word to unique indexes when two starts race past the checks', async () => {
    const { id, current_vehicle_id } = await startedDriver();
    const other = nextFree();
    const insert = (driver_id: number, vehicle_id: number) =>
      server.db.insertInto('shifts').values({ owner_id: server.seed.ownerId, driver_id, vehicle_id, start_time: new Date() }).execute();
    const violation = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
    const sameVehicle = await violation(insert(other.id, current_vehicle_id));
    expect(isUniqueViolation(sameVehicle, VEHICLE_ACTIVE_SHIFT_INDEX)).toBe(true);
    const sameDriver = await violation(insert(id, other.current_vehicle_id));
    expect(isUniqueViolation(sameDriver, DRIVER_ACTIVE_SHIFT_INDEX)).toBe(true);
  });

  it('ends the shift with end time and duration; it leaves the active list; ending again is a 409', async () => {
    const { token, shift } = await startedDriver();
    const ended = await post('/api/driver/shifts/end', token);
    expect(ended.status).toBe(200);
    expect(shiftSchema.parse(ended.body.shift)).toMatchObject({ id: shift.id, is_active: false });
    expect(ended.body.shift.end_time).not.toBeNull();
    expect(ended.body.shift.duration_seconds).toBeGreaterThanOrEqual(0);
    const active = await apiCall(server.url, '/api/shifts/active', { token: ownerToken });
    expect(active.body.shifts.map((s: { id: number }) => s.id)).not.toContain(shift.id);
    expect(await post('/api/driver/shifts/end', token)).toEqual({ status: 409, body: { error: 'No tienes un turno activo' } });
  });
});

describe('POST /api/driver/locations', () => {
  it('needs an active shift', async () => {
    const { token } = await driverLogin(server.url, nextFree().rut);
    expect(await post('/api/driver/locations', token, { locations: [point(-32.45, -71.22, Date.now())] })).toEqual({
      status: 409,
      body: { error: 'No tienes un turno activo' },
    });
  });

  it('refuses out-of-range coordinates, empty and oversized batches, bad and future timestamps', async () => {
    const { token } = await startedDriver();
    const now = Date.now();
    const refused = async (locations: unknown[]) => (await post('/api/driver/locations', token, { locations })).body.error;
    expect(await refused([point(-91, -71.2, now)])).toBe('Latitud fuera de rango');
    expect(await refused([point(-32.4, 181, now)])).toBe('Longitud fuera de rango');
    expect(await refused([])).toBe('Envía al menos una ubicación');
    expect(await refused(Array.from({ length: 501 }, (_, i) => point(-32.45, -71.22, now + i)))).toBe('Envía a lo más 500 ubicaciones por vez');
    expect(await refused([{ latitude: -32.45, longitude: -71.22, timestamp: 'ayer' }])).toBe('Fecha y hora inválida');
    const future = await post('/api/driver/locations', token, { locations: [point(-32.45, -71.22, now), point(-32.45, -71.22, now + 3 * 60_000)] });
    expect(future).toEqual({
      status: 400,
      body: { error: 'La fecha de la ubicación está en el futuro', fields: { 'locations.1.timestamp': 'La fecha de la ubicación está en el futuro' } },
    });
    // Nothing of a refused batch is kept.
    const { count } = await server.db.selectFrom('shift_locations').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const ok = await post('/api/driver/locations', token, { locations: [point(-32.45, -71.22, now + 60_000)] });
    expect(ok).toEqual({ status: 202, body: { accepted: 1 } });
    const after = await server.db.selectFrom('shift_locations').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(count) + 1);
  });

  it('takes 500 points in one batch', async () => {
    const { token, shift } = await startedDriver();
    const start = Date.parse(shift.start_time);
    const locations = Array.from({ length: 500 }, (_, i) => point(-32.45 + i / 100_000, -71.22, start + i * 10));
    expect(await post('/api/driver/locations', token, { locations })).toEqual({ status: 202, body: { accepted: 500 } });
  });

  it('keeps every point in the trail and moves the shift to the newest, never back to an older one', async () => {
    const { token, shift } = await startedDriver();
    const t0 = Date.parse(shift.start_time) + 1000;
    // Out of order within the batch: the newest is in the middle.
    const batch = [point(-32.451, -71.221, t0 + 1000), point(-32.453, -71.223, t0 + 3000), point(-32.452, -71.222, t0 + 2000)];
    expect(await post('/api/driver/locations', token, { locations: batch })).toEqual({ status: 202, body: { accepted: 3 } });
    const activeShift = async () =>
      (await apiCall(server.url, '/api/shifts/active', { token: ownerToken })).body.shifts.find((s: { id: number }) => s.id === shift.id);
    expect(await activeShift()).toMatchObject({ latitude: -32.453, longitude: -71.223, last_location_time: new Date(t0 + 3000).toISOString() });

    // A late batch from before: kept in the trail, but the taxi stays where it is.
    expect(await post('/api/driver/locations', token, { locations: [point(-32.45, -71.22, t0)] })).toEqual({ status: 202, body: { accepted: 1 } });
    expect(await activeShift()).toMatchObject({ latitude: -32.453, longitude: -71.223 });

    const trail = await apiCall(server.url, `/api/shifts/${shift.id}/locations`, { token: ownerToken });
    expect(trail).toEqual({
      status: 200,
      body: {
        locations: [
          point(-32.45, -71.22, t0),
          point(-32.451, -71.221, t0 + 1000),
          point(-32.452, -71.222, t0 + 2000),
          point(-32.453, -71.223, t0 + 3000),
        ],
        total: 4,
        simplified: false,
      },
    });
  });

  it('ignores points timed before the shift started and counts only the kept ones', async () => {
    const { token, shift } = await startedDriver();
    const start = Date.parse(shift.start_time);
    const answer = await post('/api/driver/locations', token, { locations: [point(-32.44, -71.2, start - 60_000), point(-32.45, -71.21, start + 500)] });
    expect(answer).toEqual({ status: 202, body: { accepted: 1 } });
    const trail = await apiCall(server.url, `/api/shifts/${shift.id}/locations`, { token: ownerToken });
    expect(trail.body.locations).toEqual([point(-32.45, -71.21, start + 500)]);
  });
});

describe('GET /api/shifts/:id/locations', () => {
  it('shows a seeded shift’s trail in time order', async () => {
    const seeded = await server.db.selectFrom('shifts').select('id').where('owner_id', '=', server.seed.ownerId).where('end_time', 'is not', null).executeTakeFirstOrThrow();
    const { status, body } = await apiCall(server.url, `/api/shifts/${seeded.id}/locations`, { token: ownerToken });
    expect(status).toBe(200);
    const times = z.array(z.object({ latitude: z.number(), longitude: z.number(), timestamp: z.string() }).strict()).parse(body.locations).map((p) => p.timestamp);
    expect(times.length).toBeGreaterThan(1);
    expect([...times].sort()).toEqual(times);
  });

  it('answers 404 for another owner’s shift, an unknown id and a malformed one', async () => {
    const seeded = await server.db.selectFrom('shifts').select('id').where('owner_id', '=', server.seed.ownerId).executeTakeFirstOrThrow();
    for (const id of [String(seeded.id), '999999', 'abc']) {
      expect(await apiCall(server.url, `/api/shifts/${id}/locations`, { token: otherOwnerToken })).toEqual({ status: 404, body: { error: 'Turno no encontrado' } });
    }
  });
});
