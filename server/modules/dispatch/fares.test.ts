/**
 * Fares (issue 35, item 8) through the real server: the tariff setting (off by default, Spanish 400s),
 * the taxímetro amount typed at Finalizar, Flota's estimate marked as one, and the meter run over a
 * scripted trail.
 */
import { sql } from 'kysely';
import type { Booking } from '../../../contract/dispatch';
import { createBooking, freeDemoDrivers, PICKUP, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { DISPATCH_DEFAULTS } from './settings';
import { estimateTripFare } from './fares';

let server: TestServer;
let desk: string;
const taxis: TaxiOnShift[] = [];

beforeAll(async () => {
  // Offers would race the desk's assignment: every trip here is assigned by hand.
  server = await startTestServer({ dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 60_000 } });
  desk = await server.login();
  const free = await freeDemoDrivers(server.db, server.seed.ownerId);
  for (let i = 0; i < 2; i += 1) taxis.push(await putOnShift(server.url, free[i], 300 * (i + 1)));
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const call = (path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, path, { token: desk, ...init });
const TARIFF = { enabled: true, flag_down: 450, step: 190 };

/** A booking assigned to the taxi and driven up to A bordo. */
async function tripOnBoard(taxi: TaxiOnShift): Promise<number> {
  const id = await createBooking(server.url, desk);
  expect((await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxi.driverId } })).status).toBe(200);
  for (const step of ['arrived', 'onboard']) expect((await apiCall(server.url, `/api/driver/trips/${id}/${step}`, { token: taxi.token, json: {} })).status).toBe(200);
  return id;
}
const finish = (taxi: TaxiOnShift, id: number, json: unknown) => apiCall(server.url, `/api/driver/trips/${id}/finish`, { token: taxi.token, json });
const bookingOf = async (id: number): Promise<Booking> => (await call(`/api/dispatch/bookings/${id}`)).body.booking;

describe('the fleet tariff', () => {
  it('is off until the fleet turns it on, and a trip then records no fare', async () => {
    expect((await call('/api/dispatch/fare-tariff')).body).toEqual({ tariff: { enabled: false, flag_down: 0, step: 0 } });
    const id = await tripOnBoard(taxis[0]);
    // The phone is told: Finalizar asks for no amount.
    expect((await apiCall(server.url, '/api/driver/dispatch', { token: taxis[0].token })).body).toMatchObject({ trip: { id, status: 'a_bordo' }, fares_enabled: false });
    expect((await finish(taxis[0], id, { fare_pesos: 3_000 })).status).toBe(200);
    expect((await bookingOf(id)).fare).toBeNull();
  });

  it('refuses amounts that are not whole pesos, in Spanish, changing nothing', async () => {
    for (const bad of [{ ...TARIFF, flag_down: 450.5 }, { ...TARIFF, step: -190 }, { ...TARIFF, flag_down: '450' }]) {
      const answer = await call('/api/dispatch/fare-tariff', { method: 'PUT', json: bad });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/monto entero en pesos/);
    }
    expect((await call('/api/dispatch/fare-tariff')).body.tariff.enabled).toBe(false);
    expect((await call('/api/dispatch/fare-tariff', { method: 'PUT', json: TARIFF })).body).toEqual({ tariff: TARIFF });
    expect((await call('/api/dispatch/fare-tariff')).body).toEqual({ tariff: TARIFF });
    expect((await apiCall(server.url, '/api/driver/dispatch', { token: taxis[0].token })).body.fares_enabled).toBe(true);
  });
});

describe('the fare at Finalizar', () => {
  it('stores the taxímetro amount the driver typed, and the desk sees it as typed', async () => {
    const id = await tripOnBoard(taxis[0]);
    const refused = await finish(taxis[0], id, { fare_pesos: 4_350.5 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/monto del taxímetro/);
    expect((await bookingOf(id)).status).toBe('a_bordo');
    expect((await finish(taxis[0], id, { fare_pesos: 4_350 })).status).toBe(200);
    expect(await bookingOf(id)).toMatchObject({ status: 'finalizado', fare: { pesos: 4_350, estimated: false } });
  });

  it('estimates the fare when nothing was typed, and says it is an estimate', async () => {
    const id = await tripOnBoard(taxis[1]);
    expect((await finish(taxis[1], id, {})).status).toBe(200);
    // A trip of a moment, standing still: the bajada de bandera alone.
    expect((await bookingOf(id)).fare).toEqual({ pesos: 450, estimated: true });
  });

  it('runs the meter over the trip’s trail, from A bordo to Finalizado', async () => {
    const taxi = taxis[1];
    const id = await tripOnBoard(taxi);
    expect((await finish(taxi, id, null)).status).toBe(200);
    // The script: boarded 20 minutes ago; 1010 m north in the first minute (5 steps by distance),
    // then standing 4 minutes (4 steps by time); finished 5 minutes after boarding.
    const boardedAt = Date.now() - 20 * 60_000;
    // Events are never edited by the app (their type says so): the script moves them in time by hand.
    const eventAt = (status: string, ms: number) => sql`update booking_events set at = ${new Date(boardedAt + ms).toISOString()}::timestamptz where booking_id = ${id} and status = ${status}`.execute(server.db);
    await eventAt('a_bordo', 0);
    await eventAt('finalizado', 300_000);
    const north = (metres: number) => PICKUP.latitude + metres / 111_195;
    const at = (ms: number) => new Date(boardedAt + ms);
    const points = [
      { shift_id: taxi.shiftId, latitude: north(0), longitude: PICKUP.longitude, recorded_at: at(0) },
      { shift_id: taxi.shiftId, latitude: north(505), longitude: PICKUP.longitude, recorded_at: at(30_000) },
      { shift_id: taxi.shiftId, latitude: north(1_010), longitude: PICKUP.longitude, recorded_at: at(60_000) },
      { shift_id: taxi.shiftId, latitude: north(1_012), longitude: PICKUP.longitude, recorded_at: at(180_000) },
      // After Finalizado: the next fare's, not this one's.
      { shift_id: taxi.shiftId, latitude: north(3_000), longitude: PICKUP.longitude, recorded_at: at(400_000) },
    ];
    // Stored as the phone's points would be (the ingest refuses points timed before the shift began).
    await server.db.insertInto('shift_locations').values(points).execute();
    const estimate = await estimateTripFare(server.db, TARIFF, id, taxi.shiftId);
    expect(estimate).toBe(450 + 9 * 190);
  });
});

describe('Reportes', () => {
  it('adds each driver’s and each vehicle’s income from the fares recorded on their shifts’ trips, and says how much was estimated', async () => {
    // The shifts began today in the fleet's zone (Reportes counts a shift on the day it starts).
    const shifts = await server.db.selectFrom('shifts').select(['id', 'vehicle_id', 'start_time']).where('id', 'in', taxis.map((taxi) => taxi.shiftId)).orderBy('id').execute();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(shifts[0].start_time);
    const byDriver = (await call(`/api/reports?from=${day}&to=${day}&group=driver`)).body;
    // taxis[0]: one fare typed ($4.350; the first trip finished with fares off records none).
    // taxis[1]: two trips of a moment estimated at the bajada de bandera ($450 each).
    expect(byDriver.rows.find((row: { id: number }) => row.id === taxis[0].driverId)).toMatchObject({ fares_pesos: 4_350, estimated_fares_pesos: 0 });
    expect(byDriver.rows.find((row: { id: number }) => row.id === taxis[1].driverId)).toMatchObject({ fares_pesos: 900, estimated_fares_pesos: 900 });
    const byVehicle = (await call(`/api/reports?from=${day}&to=${day}&group=vehicle`)).body;
    expect(byVehicle.rows.find((row: { id: number }) => row.id === shifts[0].vehicle_id)).toMatchObject({ fares_pesos: 4_350, estimated_fares_pesos: 0 });
    expect(byVehicle.totals.fares_pesos).toBe(byDriver.totals.fares_pesos);
    const oneShift = (await call(`/api/reports/shifts?from=${day}&to=${day}&driver_id=${taxis[1].driverId}`)).body.shifts;
    expect(oneShift.map((shift: { fares_pesos: number }) => shift.fares_pesos)).toEqual([900]);
  });
});
