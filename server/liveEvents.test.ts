/**
 * Real time as an owner's live map sees it: who may connect and join, and which events reach which
 * owner. "Nothing arrives" is checked with a positive control, not a sleep: the other owner's own
 * event, emitted later on the same socket, arrives, and nothing came before it.
 */
import type { LocationUpdate } from '../contract/entities';
import { signToken } from './modules/identity/tokens';
import { apiCall, driverLogin } from './tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from './tools/testing/ownerSocket';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from './tools/testing/testServer';

let server: TestServer;
let ownerToken: string;
let otherOwnerToken: string;
let otherOwnerId: number;
let otherFleetCode: string;
let freeRuts: string[];
const sockets: OwnerSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ({ ownerId: otherOwnerId, fleetCode: otherFleetCode } = await createSecondOwner(server.db));
  ownerToken = await server.login();
  otherOwnerToken = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
  const busy = (await server.db.selectFrom('shifts').select('driver_id').where('end_time', 'is', null).execute()).map((s) => s.driver_id);
  freeRuts = (
    await server.db
      .selectFrom('drivers')
      .select('rut')
      .where('owner_id', '=', server.seed.ownerId)
      .where('is_active', '=', true)
      .where('current_vehicle_id', 'is not', null)
      .where('id', 'not in', busy)
      .orderBy('id')
      .execute()
  ).map((d) => d.rut);
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
});

async function ownerSocket(token: string, ownerId: number): Promise<OwnerSocket> {
  const socket = await openOwnerSocket(server.url, { token });
  sockets.push(socket);
  expect(await socket.join(ownerId)).toEqual({ ok: true });
  return socket;
}

async function driverOnShift(rut: string, password?: string, fleetCode?: string) {
  const { token } = await driverLogin(server.url, rut, password, fleetCode);
  const started = await apiCall(server.url, '/api/driver/shifts/start', { token, json: {} });
  // The second owner's seeded driver is already on shift.
  if (started.status === 409) {
    const active = await server.db.selectFrom('shifts').select(['id', 'start_time']).where('end_time', 'is', null).where('owner_id', '=', otherOwnerId).executeTakeFirstOrThrow();
    return { token, shiftId: active.id };
  }
  expect(started.status).toBe(200);
  return { token, shiftId: started.body.shift.id as number };
}

const sendLocations = (token: string, locations: { latitude: number; longitude: number; timestamp: string }[]) =>
  apiCall(server.url, '/api/driver/locations', { token, json: { locations } });
const at = (ms: number) => new Date(ms).toISOString();
const isLocation = (shiftId: number) => (e: { event: string; payload: unknown }) =>
  e.event === 'location_update' && (e.payload as LocationUpdate).shift_id === shiftId;

describe('handshake and rooms', () => {
  it('refuses a socket without a token or with a bad one; a driver token connects but joins no fleet room', async () => {
    const driverToken = (await driverLogin(server.url, freeRuts[0])).token;
    const forged = await signToken({ role: 'owner', sub: server.seed.ownerId }, 'another-secret-another-secret-another-secret');
    for (const auth of [{}, { token: '' }, { token: `${ownerToken}x` }, { token: forged }, { token: `${driverToken}x` }]) {
      await expect(openOwnerSocket(server.url, auth)).rejects.toThrow('No autorizado');
    }
    // Despacho: a driver's socket hears only its own offers and trip (its driver room).
    const driverSocket = await openOwnerSocket(server.url, { token: driverToken });
    sockets.push(driverSocket);
    expect(await driverSocket.join(server.seed.ownerId)).toEqual({ ok: false, error: 'Sala no permitida' });
  });

  it('lets an owner join only its own room', async () => {
    const socket = await openOwnerSocket(server.url, { token: otherOwnerToken });
    sockets.push(socket);
    expect(await socket.join(server.seed.ownerId)).toEqual({ ok: false, error: 'Sala no permitida' });
    expect(await socket.join(otherOwnerId)).toEqual({ ok: true });
  });
});

describe('events', () => {
  it('sends one location_update per batch (its newest point) to the driver’s owner only', async () => {
    const mine = await ownerSocket(ownerToken, server.seed.ownerId);
    // The other owner tried to join our room first (refused), then joined its own.
    const theirs = await openOwnerSocket(server.url, { token: otherOwnerToken });
    sockets.push(theirs);
    expect((await theirs.join(server.seed.ownerId)).ok).toBe(false);
    expect((await theirs.join(otherOwnerId)).ok).toBe(true);

    const driver = await driverOnShift(freeRuts[1]);
    const t = Date.now();
    expect((await sendLocations(driver.token, [
      { latitude: -32.451, longitude: -71.221, timestamp: at(t) },
      { latitude: -32.453, longitude: -71.223, timestamp: at(t + 2000) },
      { latitude: -32.452, longitude: -71.222, timestamp: at(t + 1000) },
    ])).status).toBe(202);
    // A late, older batch moves nothing and tells nobody; a newer one is the second event.
    expect((await sendLocations(driver.token, [{ latitude: -32.44, longitude: -71.2, timestamp: at(t - 500) }])).status).toBe(202);
    expect((await sendLocations(driver.token, [{ latitude: -32.454, longitude: -71.224, timestamp: at(t + 3000) }])).status).toBe(202);
    await mine.waitFor((e) => isLocation(driver.shiftId)(e) && (e.payload as LocationUpdate).timestamp === at(t + 3000));
    expect(mine.events.filter(isLocation(driver.shiftId)).map((e) => e.payload)).toEqual([
      { shift_id: driver.shiftId, latitude: -32.453, longitude: -71.223, timestamp: at(t + 2000) },
      { shift_id: driver.shiftId, latitude: -32.454, longitude: -71.224, timestamp: at(t + 3000) },
    ]);

    // Positive control: the other owner's driver reaches the other owner's socket...
    const otherDriver = await driverOnShift(SECOND_OWNER.driverRut, SECOND_OWNER.password, otherFleetCode);
    expect((await sendLocations(otherDriver.token, [{ latitude: -33.45, longitude: -70.66, timestamp: at(Date.now()) }])).status).toBe(202);
    await theirs.waitFor(isLocation(otherDriver.shiftId));
    // ...and by then it had received nothing else: our three batches, sent earlier, never went there.
    expect(theirs.events).toEqual([{ event: 'location_update', payload: expect.objectContaining({ shift_id: otherDriver.shiftId }) }]);
    expect(mine.events.some(isLocation(otherDriver.shiftId))).toBe(false);
  });

  it('tells the owner when a shift starts and ends; the ended shift leaves the active list', async () => {
    const mine = await ownerSocket(ownerToken, server.seed.ownerId);
    const { token, shiftId } = await driverOnShift(freeRuts[2]);
    const started = await mine.waitFor((e) => e.event === 'shift_started');
    expect(started.payload).toMatchObject({ shift: { id: shiftId, is_active: true, latitude: null } });

    const ended = await apiCall(server.url, '/api/driver/shifts/end', { token, json: {} });
    const event = await mine.waitFor((e) => e.event === 'shift_ended');
    expect(event.payload).toEqual({ shift_id: shiftId, end_time: ended.body.shift.end_time, duration_seconds: ended.body.shift.duration_seconds });
    const active = await apiCall(server.url, '/api/shifts/active', { token: ownerToken });
    expect(active.body.shifts.map((s: { id: number }) => s.id)).not.toContain(shiftId);
  });
});
