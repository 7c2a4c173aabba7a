/**
 * booking.assigned through the real server (PGlite): a fleet's endpoint subscribed to it gets one
 * outbox row per assignment (the desk's, or a driver accepting an offer), whose body carries the
 * plate, the driver's first name and the passenger's tracking link, the same link the desk shows.
 * A later step of the same trip queues nothing more; an endpoint not subscribed gets nothing.
 */
import type { WebhookEvent } from '../../../contract/notifications';
import { DISPATCH_DEFAULTS } from '../dispatch';
import { createBooking, freeDemoDrivers, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { NOTIFICATIONS_DEFAULTS } from './settings';

let server: TestServer;
let desk: string;
const taxis: TaxiOnShift[] = [];
let subscribed: number;
let other: number;

beforeAll(async () => {
  server = await startTestServer({ dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 200 }, notifications: { ...NOTIFICATIONS_DEFAULTS, allowPrivate: true } });
  desk = await server.login();
  const free = await freeDemoDrivers(server.db, server.seed.ownerId);
  for (let i = 0; i < 2; i += 1) taxis.push(await putOnShift(server.url, free[i], 1000 * (i + 1)));
  subscribed = (await call('/api/webhooks', { json: { url: 'http://127.0.0.1:4439/hook', events: ['booking.assigned'] } })).body.endpoint.id;
  other = (await call('/api/webhooks', { json: { url: 'http://127.0.0.1:4439/other', events: ['alert.sos'] } })).body.endpoint.id;
}, 90_000);
afterAll(async () => {
  await server?.close();
});

function call(path: string, init: Parameters<typeof apiCall>[2] = {}) {
  return apiCall(server.url, path, { token: desk, ...init });
}

/** The outbox rows of booking.assigned for one booking (the hook runs just after the answer: waits up to 5 s). */
async function assignedRows(bookingId: number, atLeast = 1) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const rows = await server.db.selectFrom('notification_outbox').selectAll().where('event_type', '=', 'booking.assigned').execute();
    const mine = rows.filter((row) => (JSON.parse(row.body) as WebhookEvent).data.booking_id === bookingId);
    if (mine.length >= atLeast || Date.now() > deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function firstNameOf(taxi: TaxiOnShift) {
  const row = await server.db.selectFrom('drivers as d').innerJoin('vehicles as v', 'v.id', 'd.current_vehicle_id').select(['d.first_name', 'd.last_name', 'v.plate_number']).where('d.id', '=', taxi.driverId).executeTakeFirstOrThrow();
  return row;
}

describe('booking.assigned', () => {
  it('queues the booking, plate, first name and tracking link for the subscribed endpoint when the desk assigns', async () => {
    const id = await createBooking(server.url, desk);
    expect((await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxis[0].driverId } })).status).toBe(200);
    const rows = await assignedRows(id);
    expect(rows.map((row) => row.endpoint_id)).toEqual([subscribed]);
    const event = JSON.parse(rows[0].body) as WebhookEvent;
    const link = (await call(`/api/tracking/bookings/${id}`)).body.link;
    const driver = await firstNameOf(taxis[0]);
    expect(event).toMatchObject({ type: 'booking.assigned', data: { booking_id: id, plate: driver.plate_number, driver_first_name: driver.first_name, tracking: { token: link.token, path: `/seguimiento/${link.token}` } } });
    // Only the first name: the surname never leaves in the body.
    expect(rows[0].body).not.toContain(driver.last_name);
    expect(rows.some((row) => row.endpoint_id === other)).toBe(false);

    // The trip's next step is not a new assignment.
    expect((await apiCall(server.url, `/api/driver/trips/${id}/arrived`, { token: taxis[0].token, json: {} })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await assignedRows(id)).toHaveLength(1);
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });

  it('queues it when a driver accepts an offer, with the link the passenger gets', async () => {
    const id = await createBooking(server.url, desk);
    const offered = await call(`/api/dispatch/bookings/${id}/offer`, { json: {} });
    expect(offered.status).toBe(200);
    const taxi = taxis.find((t) => t.driverId === offered.body.booking.offer?.driver_id);
    expect(taxi).toBeDefined();
    expect((await apiCall(server.url, `/api/driver/offers/${id}/accept`, { token: taxi!.token, json: {} })).status).toBe(200);
    const rows = await assignedRows(id);
    expect(rows).toHaveLength(1);
    const event = JSON.parse(rows[0].body) as WebhookEvent;
    const link = (await call(`/api/tracking/bookings/${id}`)).body.link;
    expect(event.data).toMatchObject({ booking_id: id, status: 'en_camino', tracking: { token: link.token } });
    expect((await fetch(`${server.url}/api/public/tracking/${link.token}`)).status).toBe(200);
  });
});
