/**
 * A trip's end reaches the driver's account by itself (issue 44): with fares on and a porcentaje
 * cuota, Finalizar writes the driver's share in the trip's own transaction, and the driver's phone
 * hears account_changed with the account exactly as GET /driver/account answers it, without asking.
 */
import type { MyAccountResponse } from '../../../contract/api';
import { SocketEvent } from '../../../contract/socket';
import { zonedDate } from '../../platform/timeZone';
import { createBooking, freeDemoDrivers, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../tools/testing/ownerSocket';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { DISPATCH_DEFAULTS } from '../dispatch';

let server: TestServer;
let desk: string;
let taxi: TaxiOnShift;
let phone: OwnerSocket;

beforeAll(async () => {
  // Offers would race the desk's assignment: the trips here are assigned by hand.
  server = await startTestServer({ dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 60_000 } });
  desk = await server.login();
  const call = (path: string, json: unknown, method = 'POST') => apiCall(server.url, path, { token: desk, method, json });
  expect((await call('/api/dispatch/fare-tariff', { enabled: true, flag_down: 450, step: 190 }, 'PUT')).status).toBe(200);
  const [driver] = await freeDemoDrivers(server.db, server.seed.ownerId);
  const today = zonedDate(new Date(), server.config.tzFleet);
  expect((await call(`/api/accounts/drivers/${driver.id}/terms`, { kind: 'porcentaje', amount: 10, effective_from: today })).status).toBe(201);
  taxi = await putOnShift(server.url, driver, 300);
  phone = await openOwnerSocket(server.url, { token: taxi.token });
}, 120_000);
afterAll(async () => {
  phone?.close();
  await server?.close();
});

/** A booking assigned to the taxi, driven to A bordo, then finished with the taxímetro's amount. */
async function tripFinishedWith(fare: number): Promise<void> {
  const id = await createBooking(server.url, desk);
  expect((await apiCall(server.url, `/api/dispatch/bookings/${id}/assign`, { token: desk, json: { driver_id: taxi.driverId } })).status).toBe(200);
  for (const step of ['arrived', 'onboard']) expect((await apiCall(server.url, `/api/driver/trips/${id}/${step}`, { token: taxi.token, json: {} })).status).toBe(200);
  expect((await apiCall(server.url, `/api/driver/trips/${id}/finish`, { token: taxi.token, json: { fare_pesos: fare } })).status).toBe(200);
}

const myAccount = async (): Promise<MyAccountResponse> => (await apiCall(server.url, '/api/driver/account', { token: taxi.token })).body;
const pushes = () => phone.events.filter((event) => event.event === SocketEvent.accountChanged).map((event) => event.payload as MyAccountResponse);

it("charges the driver's share as Finalizar commits, and the phone hears its account without asking", async () => {
  expect((await myAccount()).balance).toBe(0);
  await tripFinishedWith(4_350);
  await phone.waitFor((event) => event.event === SocketEvent.accountChanged, 15_000);
  const [pushed] = pushes();
  // 10 % of $4.350: the driver owes $435, a cuota of the shift's fares.
  expect(pushed.balance).toBe(435);
  expect(pushed.entries.map((entry) => [entry.kind, entry.amount, entry.period])).toEqual([['cuota', 435, `tarifas:${taxi.shiftId}`]]);
  expect(pushed).toEqual(await myAccount());
});

it('brings the share up to date with each further trip of the shift, in whole pesos rounded down', async () => {
  await tripFinishedWith(12_805);
  await phone.waitFor(() => pushes().length >= 2, 15_000);
  const latest = pushes()[1];
  // 10 % of $17.155 is $1.715,5: $1.715 in all, $1.280 more than the first trip's cuota.
  expect(latest.balance).toBe(1_715);
  expect(latest.entries.map((entry) => [entry.kind, entry.amount, entry.period])).toEqual([
    ['ajuste', 1_280, `tarifas:${taxi.shiftId}`],
    ['cuota', 435, `tarifas:${taxi.shiftId}`],
  ]);
  expect(latest).toEqual(await myAccount());
});

it("tells the driver's phone of a payment the desk records", async () => {
  const paid = await apiCall(server.url, `/api/accounts/drivers/${taxi.driverId}/entries`, { token: desk, json: { kind: 'efectivo', amount: 1_000 } });
  expect(paid.status).toBe(201);
  await phone.waitFor(() => pushes().length >= 3, 15_000);
  expect(pushes()[2].balance).toBe(715);
  expect(pushes()[2]).toEqual(await myAccount());
});
