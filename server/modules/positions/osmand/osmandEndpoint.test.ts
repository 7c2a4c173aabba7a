/**
 * The OsmAnd endpoint through the real server: every request shape real clients send, each point
 * stored once at the right time, the owner's live map told at once (speed in m/s), unknown ids
 * refused, device ids regenerated and never matching another fleet, and shifts that start and
 * end without buttons.
 */
import { driverSchema, shiftSchema, type Driver, type LocationUpdate } from '../../../../contract/entities';
import { DEMO_PASSWORD } from '../../../tools/seed/demoFleet';
import { apiCall, driverLogin } from '../../../tools/testing/http';
import { validRut } from '../../../tools/testing/fleetFixtures';
import { openOwnerSocket, type OwnerSocket } from '../../../tools/testing/ownerSocket';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../../tools/testing/testServer';

let server: TestServer;
let ownerToken: string;
let owner: OwnerSocket;
let nextRut = 30000001;
let nextPlate = 10;

beforeAll(async () => {
  server = await startTestServer({ osmandPort: 0, shiftIdleEndMinutes: 1, idleSweepMs: 200 });
  ownerToken = await server.login();
  owner = await openOwnerSocket(server.url, { token: ownerToken });
  await owner.join(server.seed.ownerId);
}, 60_000);
afterAll(async () => {
  owner?.close();
  await server?.close();
});

const call = (path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, path, { token: ownerToken, ...init });

/** A new driver of the demo fleet, with a new vehicle unless told otherwise, and its device id (its own route). */
async function newDriver(withVehicle = true): Promise<Driver & { device_id: string }> {
  let current_vehicle_id: number | null = null;
  if (withVehicle) {
    const vehicle = await call('/api/vehicles', { json: { plate_number: `TRKS${nextPlate++}`, model: 'Toyota Yaris' } });
    expect(vehicle.status).toBe(201);
    current_vehicle_id = vehicle.body.vehicle.id;
  }
  const created = await call('/api/drivers', { json: { rut: validRut(nextRut++), password: DEMO_PASSWORD, first_name: 'Tracker', last_name: `Uno${nextRut}`, current_vehicle_id } });
  expect(created.status).toBe(201);
  const driver = driverSchema.parse(created.body.driver);
  const device = await call(`/api/drivers/${driver.id}/device-id`);
  expect(device.status).toBe(200);
  return { ...driver, device_id: device.body.device_id as string };
}

const osmand = (query: string, init: RequestInit = {}, base = server.url, path = '/osmand') => fetch(`${base}${path}${query ? `?${query}` : ''}`, init);
const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const form = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

async function activeShiftOf(driverId: number) {
  const { body } = await call('/api/shifts/active');
  const shift = (body.shifts as unknown[]).map((s) => shiftSchema.parse(s)).find((s) => s.driver_id === driverId);
  return shift ?? null;
}
async function trail(shiftId: number) {
  const { status, body } = await call(`/api/shifts/${shiftId}/locations`);
  expect(status).toBe(200);
  return body.locations as { latitude: number; longitude: number; timestamp: string }[];
}
const updatesOf = (shiftId: number) => owner.events.filter((e) => e.event === 'location_update' && (e.payload as LocationUpdate).shift_id === shiftId).map((e) => e.payload as LocationUpdate & Record<string, unknown>);

function traccarClientJson(deviceId: string, at: Date, coords: Record<string, unknown>, battery = 0.5) {
  return {
    location: {
      timestamp: at.toISOString(),
      coords: { latitude: -32.45, longitude: -71.25, accuracy: 5, altitude: 30, ...coords },
      is_moving: true,
      odometer: 100,
      event: 'motionchange',
      battery: { level: battery, is_charging: true },
      activity: { type: 'in_vehicle' },
      extras: {},
      _: `&id=${deviceId}&lat=0&lon=0&timestamp=${at.toISOString()}&`,
    },
    device_id: deviceId,
  };
}

describe('every request shape, through the real server', () => {
  it('stores each point once at its time, starts the shift with the assigned vehicle and tells the owner at once', async () => {
    const driver = await newDriver();
    const id = driver.device_id as string;
    // Whole seconds in the past, a few seconds apart, newest last (the taxi moves forward in time).
    const base = Math.floor(Date.now() / 1000) * 1000 - 40_000;
    const at = (i: number) => new Date(base + i * 5000);
    const plain = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

    const requests: [string, () => Promise<Response>, Partial<LocationUpdate & Record<string, number>>][] = [
      ['GET, Unix seconds, knots', () => osmand(`id=${id}&lat=-32.40&lon=-71.20&timestamp=${at(0).getTime() / 1000}&speed=10&bearing=90&batt=80`), { speed: 5.144, heading: 90, battery: 80 }],
      ['POST query with empty body, Unix ms', () => osmand(`deviceid=${id}&lat=-32.41&lon=-71.21&timestamp=${at(1).getTime()}&speed=20&hacc=4`, { method: 'POST' }), { speed: 10.289, accuracy: 4 }],
      ['POST form, ISO 8601, location=lat,lon', () => osmand('', form(`id=${id}&location=-32.42,-71.22&timestamp=${at(2).toISOString()}&speed=0&heading=180`)), { speed: 0, heading: 180 }],
      ['GET, yyyy-MM-dd HH:mm:ss, unknown extras', () => osmand(`id=${id}&lat=-32.43&lon=-71.23&timestamp=${encodeURIComponent(plain(at(3)))}&hdop=1.2&altitude=40&foo=bar&charge=true`), {}],
      ['GET, ISO with offset, -1 speed and bearing', () => osmand(`id=${id}&lat=-32.44&lon=-71.24&timestamp=${encodeURIComponent(at(4).toISOString().replace('Z', '+00:00'))}&speed=-1&bearing=-1`), {}],
      ['Traccar Client 9 JSON, m/s', () => osmand('', json(traccarClientJson(id, at(5), { latitude: -32.45, longitude: -71.25, speed: 12.5, heading: 270 }, 0.73))), { speed: 12.5, heading: 270, accuracy: 5, battery: 73 }],
      ['Traccar Client 9 JSON, -1 speed, heading and battery', () => osmand('', json(traccarClientJson(id, at(6), { latitude: -32.46, longitude: -71.26, speed: -1, heading: -1 }, -1))), { accuracy: 5 }],
      ['JSON with only the required fields', () => osmand('', json({ device_id: id, location: { timestamp: at(7).toISOString(), coords: { latitude: -32.47, longitude: -71.27 } } })), {}],
    ];

    let shiftId = 0;
    for (const [index, [name, send, extras]] of requests.entries()) {
      const response = await send();
      expect({ name, status: response.status, body: await response.text() }).toEqual({ name, status: 200, body: '' });
      if (index === 0) {
        const started = await owner.waitFor((e) => e.event === 'shift_started' && (e.payload as { shift: { driver_id: number } }).shift.driver_id === driver.id);
        const shift = shiftSchema.parse((started.payload as { shift: unknown }).shift);
        expect(shift).toMatchObject({ vehicle_id: driver.current_vehicle_id, plate_number: driver.plate_number, start_time: at(0).toISOString() });
        shiftId = shift.id;
      }
      const update = await owner.waitFor((e) => e.event === 'location_update' && (e.payload as LocationUpdate).timestamp === at(index).toISOString());
      // The spec's four fields, plus only the extras the client knew.
      expect({ name, update: update.payload }).toEqual({ name, update: { shift_id: shiftId, latitude: Number((-32.4 - index / 100).toFixed(2)), longitude: Number((-71.2 - index / 100).toFixed(2)), timestamp: at(index).toISOString(), ...extras } });
    }

    expect((await trail(shiftId)).map((p) => p.timestamp)).toEqual(requests.map((_, i) => at(i).toISOString()));
    expect(updatesOf(shiftId)).toHaveLength(requests.length);
    expect(await activeShiftOf(driver.id)).toMatchObject({ id: shiftId, latitude: -32.47, longitude: -71.27, last_location_time: at(7).toISOString() });
  });

  it('a point without coordinates or marked invalid answers 200 and stores nothing', async () => {
    const driver = await newDriver();
    for (const query of [`id=${driver.device_id}&batt=50`, `id=${driver.device_id}&lat=1&lon=2&valid=false`]) {
      const response = await osmand(query);
      expect(response.status).toBe(200);
    }
    expect(await activeShiftOf(driver.id)).toBeNull();
  });

  it('an unknown or missing device id is refused in Spanish and stores nothing', async () => {
    const before = await server.db.selectFrom('shift_locations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const shiftsBefore = (await call('/api/shifts/active')).body.count;
    const unknown = await osmand('id=no-existe-123&lat=-32.4&lon=-71.2');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Dispositivo no registrado' });
    const unknownJson = await osmand('', json(traccarClientJson('no-existe-123', new Date(), { speed: 1, heading: 1 })));
    expect(unknownJson.status).toBe(404);
    const missing = await osmand('lat=-32.4&lon=-71.2');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'Falta el identificador del dispositivo (id)' });
    const bad = await osmand('', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"location": ' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Solicitud inválida' });
    const after = await server.db.selectFrom('shift_locations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await call('/api/shifts/active')).body.count).toBe(shiftsBefore);
  });

  it('answers at / on OSMAND_PORT too (a client configured with a bare host and port)', async () => {
    const driver = await newDriver();
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const response = await osmand('', json(traccarClientJson(driver.device_id as string, now, { speed: 3, heading: 10 })), server.osmandUrl as string, '/');
    expect(response.status).toBe(200);
    const shift = await activeShiftOf(driver.id);
    expect(await trail(shift!.id)).toEqual([expect.objectContaining({ latitude: -32.45, longitude: -71.25, timestamp: now.toISOString(), speed: 3, heading: 10 })]);
    const elsewhere = await fetch(`${server.osmandUrl}/api/drivers`);
    expect(elsewhere.status).toBe(404);
  });
});

describe('device identifiers', () => {
  it('are long, random, unique, shown only to the owner, and regenerating one stops the old at once', async () => {
    const driver = await newDriver();
    const old = driver.device_id as string;
    expect(old).toMatch(/^[0-9a-f]{32}$/);
    expect(old).not.toContain(driver.rut);
    const ids = (await server.db.selectFrom('drivers').select('device_id').execute()).map((d) => d.device_id);
    expect(new Set(ids).size).toBe(ids.length);

    // What a driver can read never carries it.
    const login = await driverLogin(server.url, driver.rut);
    expect(JSON.stringify(login)).not.toContain(old);

    const regenerated = await call(`/api/drivers/${driver.id}/device-id`, { method: 'POST' });
    expect(regenerated.status).toBe(200);
    const fresh = regenerated.body.device_id as string;
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(old);
    expect((await osmand(`id=${old}&lat=-32.4&lon=-71.2`)).status).toBe(404);
    expect((await osmand(`id=${fresh}&lat=-32.4&lon=-71.2`)).status).toBe(200);
  });

  it("another fleet's owner cannot see or regenerate them, and its identifiers only ever move its own drivers", async () => {
    const mine = await newDriver();
    const other = await createSecondOwner(server.db);
    const otherToken = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
    const refused = await apiCall(server.url, `/api/drivers/${mine.id}/device-id`, { method: 'POST', token: otherToken });
    expect(refused).toEqual({ status: 404, body: { error: 'Conductor no encontrado' } });
    expect(await apiCall(server.url, `/api/drivers/${mine.id}/device-id`, { token: otherToken })).toEqual({ status: 404, body: { error: 'Conductor no encontrado' } });
    expect((await call(`/api/drivers/${mine.id}/device-id`)).body.device_id).toBe(mine.device_id);

    const { body: otherList } = await apiCall(server.url, '/api/drivers', { token: otherToken });
    expect(JSON.stringify(otherList)).not.toContain(mine.device_id);
    const otherDevice = (await apiCall(server.url, `/api/drivers/${(otherList.drivers as Driver[])[0].id}/device-id`, { token: otherToken })).body.device_id as string;

    // The other fleet's tracker moves the other fleet's taxi; this owner's map hears nothing of it.
    const eventsBefore = owner.events.length;
    expect((await osmand(`id=${otherDevice}&lat=-33.45&lon=-70.66`)).status).toBe(200);
    const otherShift = await server.db.selectFrom('shifts').select(['id', 'latitude']).where('driver_id', '=', other.driverId).where('end_time', 'is', null).executeTakeFirstOrThrow();
    expect(otherShift.latitude).toBe(-33.45);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(owner.events.slice(eventsBefore)).toEqual([]);
  });
});

describe('shifts without buttons', () => {
  it('a driver without a vehicle: the shift starts without one and its points are kept', async () => {
    const driver = await newDriver(false);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    expect((await osmand(`id=${driver.device_id}&lat=-32.5&lon=-71.3&timestamp=${now.getTime()}`)).status).toBe(200);
    const shift = await activeShiftOf(driver.id);
    expect(shift).toMatchObject({ vehicle_id: null, plate_number: null, latitude: -32.5, longitude: -71.3 });
    expect(await trail(shift!.id)).toHaveLength(1);
  });

  it('a point dated a year ago (a wrong clock) is answered 200 so the tracker moves on, and opens no shift', async () => {
    const driver = await newDriver();
    const yearAgo = new Date(Date.now() - 365 * 86_400_000);
    // Both the seconds form Traccar's own vectors use and ISO 8601.
    expect((await osmand(`id=${driver.device_id}&lat=-33.45&lon=-70.66&timestamp=${Math.floor(yearAgo.getTime() / 1000)}`)).status).toBe(200);
    expect((await osmand(`id=${driver.device_id}&lat=-33.45&lon=-70.66&timestamp=${yearAgo.toISOString()}`)).status).toBe(200);
    expect(await activeShiftOf(driver.id)).toBeNull();
    expect(await server.db.selectFrom('shifts').select('id').where('driver_id', '=', driver.id).execute()).toEqual([]);
  });

  it('a tracker shift ends by itself after SHIFT_IDLE_END_MINUTES without points arriving, at its last point', async () => {
    const driver = await newDriver();
    const first = new Date(Math.floor(Date.now() / 1000) * 1000 - 5 * 60_000);
    const last = new Date(first.getTime() + 2 * 60_000);
    const sweeps = () => new Promise((resolve) => setTimeout(resolve, 600)); // the sweep runs every 200 ms here
    // A phone empties its buffer: points older than the idle limit, in two requests. The shift stays
    // open while they arrive (idle counts from arrival), and takes both.
    expect((await osmand(`id=${driver.device_id}&lat=-32.5&lon=-71.3&timestamp=${first.getTime()}`)).status).toBe(200);
    await sweeps();
    expect((await osmand(`id=${driver.device_id}&lat=-32.6&lon=-71.3&timestamp=${last.getTime()}`)).status).toBe(200);
    await sweeps();
    const shift = await activeShiftOf(driver.id);
    expect(shift).toMatchObject({ start_time: first.toISOString(), last_location_time: last.toISOString() });
    expect(await trail(shift!.id)).toHaveLength(2);

    // Then nothing arrives for longer than the limit (the server's clock moved back, for the test).
    await server.db.updateTable('shifts').set({ last_seen_at: new Date(Date.now() - 2 * 60_000) }).where('id', '=', shift!.id).execute();
    const ended = await owner.waitFor((e) => e.event === 'shift_ended' && (e.payload as { shift_id: number }).shift_id === shift!.id);
    expect(ended.payload).toMatchObject({ end_time: last.toISOString(), duration_seconds: 120 });
    expect(await activeShiftOf(driver.id)).toBeNull();
    const { body } = await call(`/api/shifts/history?driver_id=${driver.id}`);
    expect(body.shifts).toEqual([expect.objectContaining({ start_time: first.toISOString(), end_time: last.toISOString(), duration_seconds: 120, is_active: false })]);
  });

  it('a shift started with Iniciar turno is not ended by the idle sweep', async () => {
    const driver = await newDriver();
    const { token } = await driverLogin(server.url, driver.rut);
    const started = await apiCall(server.url, '/api/driver/shifts/start', { token, json: {} });
    expect(started.status).toBe(200);
    await server.db.updateTable('shifts').set({ start_time: new Date(Date.now() - 10 * 60_000) }).where('id', '=', started.body.shift.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await activeShiftOf(driver.id)).toMatchObject({ id: started.body.shift.id, is_active: true });
  });
});

describe('GET /api/driver/me (the /conductor page after a reload)', () => {
  it('gives the driver as stored now and the active shift, never the device id', async () => {
    const driver = await newDriver();
    const { token } = await driverLogin(server.url, driver.rut);
    const before = await apiCall(server.url, '/api/driver/me', { token });
    expect(before).toEqual({ status: 200, body: { driver: expect.objectContaining({ id: driver.id, plate_number: driver.plate_number }), shift: null } });
    const started = await apiCall(server.url, '/api/driver/shifts/start', { token, json: {} });
    const after = await apiCall(server.url, '/api/driver/me', { token });
    expect(after.body.shift).toMatchObject({ id: started.body.shift.id, is_active: true, plate_number: driver.plate_number });
    expect(JSON.stringify(after.body)).not.toContain(driver.device_id as string);
    expect((await apiCall(server.url, '/api/driver/me', { token: ownerToken })).status).toBe(401);
  });
});
