/**
 * Despacho through the real server (PGlite): a booking from the desk, candidates, direct assignment
 * and its races, automatic offers passed on by decline, the driver's steps, and the events that
 * reach the desk's and the driver's sockets.
 */
import type { Booking, Candidate, DriverDispatchResponse } from '../../../contract/dispatch';
import { DISPATCH_DEFAULTS } from './settings';
import { createBooking, freeDemoDrivers, moveTo, PICKUP, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../tools/testing/ownerSocket';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../tools/testing/testServer';
import { driverLogin } from '../../tools/testing/http';

let server: TestServer;
let desk: string;
const taxis: TaxiOnShift[] = [];
const sockets: OwnerSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 200, offerSeconds: 30, maxRefusals: 3 } });
  desk = await server.login();
  const free = await freeDemoDrivers(server.db, server.seed.ownerId);
  // Five taxis 300, 600, ... 1500 m north of the pickup.
  for (let i = 0; i < 5; i += 1) taxis.push(await putOnShift(server.url, free[i], 300 * (i + 1)));
}, 90_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
});

const call = (path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, path, { token: desk, ...init });
const booking = async (id: number): Promise<Booking> => (await call(`/api/dispatch/bookings/${id}`)).body.booking;
const driverState = async (taxi: TaxiOnShift): Promise<DriverDispatchResponse> => (await apiCall(server.url, '/api/driver/dispatch', { token: taxi.token })).body;

async function finishTrip(taxi: TaxiOnShift, id: number) {
  for (const step of ['arrived', 'onboard', 'finish']) expect((await apiCall(server.url, `/api/driver/trips/${id}/${step}`, { token: taxi.token, json: {} })).status).toBe(200);
}

describe('a booking from the desk', () => {
  it('normalizes the phone, links the customer and lands in Por asignar', async () => {
    const created = await call('/api/dispatch/bookings', { json: { customer_phone: '9 8765 4321', customer_name: 'Marta Rojas', pickup: PICKUP, notes: 'Con maleta' } });
    expect(created.status).toBe(201);
    expect(created.body.booking).toMatchObject({ status: 'pendiente', board: 'por_asignar', customer_phone: '+56987654321', customer_name: 'Marta Rojas', passengers: 1 });
    expect(created.body.booking.events).toEqual([expect.objectContaining({ status: 'pendiente', by: expect.objectContaining({ kind: 'desk' }) })]);
    // Each transition has its time: an ISO instant of this very request.
    const at = created.body.booking.events[0].at as string;
    expect(new Date(at).toISOString()).toBe(at);
    expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
    const customer = await call(`/api/customers/by-phone/${encodeURIComponent('+56 9 8765 4321')}`);
    expect(customer.body.customer).toMatchObject({ phone: '+56987654321', name: 'Marta Rojas', recent_pickups: [PICKUP] });
  });

  it('refuses a bad phone and a pickup outside the service area, in Spanish, creating nothing', async () => {
    const before = (await call('/api/dispatch/bookings')).body.bookings.length;
    const phone = await call('/api/dispatch/bookings', { json: { customer_phone: '12345', pickup: PICKUP } });
    expect(phone).toMatchObject({ status: 400, body: { fields: { customer_phone: 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678' } } });
    const sea = await call('/api/dispatch/bookings', { json: { customer_phone: '+56912345678', pickup: { latitude: -33.4, longitude: -80, label: 'Mar' } } });
    expect(sea).toMatchObject({ status: 400, body: { error: 'El punto está fuera del área de servicio' } });
    expect((await call('/api/dispatch/bookings')).body.bookings).toHaveLength(before);
  });

  it('keeps a booking scheduled for later in Programados', async () => {
    const later = new Date(Date.now() + 3 * 3600_000).toISOString();
    const created = await call('/api/dispatch/bookings', { json: { customer_phone: '+56 2 2123 4567', pickup: PICKUP, scheduled_for: later } });
    expect(created.body.booking).toMatchObject({ board: 'programados', scheduled_for: later });
  });
});

describe('candidates', () => {
  it('ranks the free taxis with a fresh position by estimated time, with the estimate', async () => {
    const answer = await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`);
    expect(answer.status).toBe(200);
    const candidates = answer.body.candidates as Candidate[];
    expect(candidates.slice(0, 5).map((c) => c.driver_id)).toEqual(taxis.map((t) => t.driverId));
    // 300 m × 1.4 at 25 km/h ≈ 60 s.
    expect(candidates[0]).toMatchObject({ eta_source: 'linea_recta', distance_m: 300, eta_s: 60 });
    expect(candidates[0].position_age_s).toBeLessThan(60);
  });

  it('says how long the search itself took (Server-Timing), for the bench and a browser’s network panel', async () => {
    const response = await fetch(`${server.url}/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`, { headers: { authorization: `Bearer ${desk}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('server-timing')).toMatch(/^candidates;dur=\d+\.\d{3}$/);
  });
});

describe('assignment', () => {
  it('puts the taxi on the trip: Asignado, the taxi Ocupado, no longer a candidate; the driver sees it', async () => {
    const id = await createBooking(server.url, desk);
    const assigned = await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxis[0].driverId } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.booking).toMatchObject({ status: 'asignado', board: 'en_curso', driver_id: taxis[0].driverId });
    expect((await driverState(taxis[0])).trip).toMatchObject({ id, status: 'asignado', customer_phone: '+56987654321' });
    expect((await driverState(taxis[0])).availability).toBe('ocupado');
    const candidates = (await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`)).body.candidates as Candidate[];
    expect(candidates.map((c) => c.driver_id)).not.toContain(taxis[0].driverId);
    // The desk moves a radio taxi's trip by hand; a refused step says why.
    const skip = await call(`/api/dispatch/bookings/${id}/advance`, { json: { status: 'finalizado' } });
    expect(skip).toMatchObject({ status: 409, body: { error: 'Solo se finaliza un viaje con el pasajero a bordo' } });
    for (const status of ['en_camino', 'en_el_lugar', 'a_bordo', 'finalizado']) expect((await call(`/api/dispatch/bookings/${id}/advance`, { json: { status } })).status).toBe(200);
    const done = await booking(id);
    expect(done.events.map((e) => e.status)).toEqual(['pendiente', 'asignado', 'en_camino', 'en_el_lugar', 'a_bordo', 'finalizado']);
    expect(done.board).toBe('finalizados');
    expect((await driverState(taxis[0])).availability).toBe('libre');
    const activity = await call('/api/activity?entity=booking');
    expect(activity.body.entries.length).toBeGreaterThanOrEqual(5);
  });

  it('two dispatchers, one taxi, two bookings at once: exactly one wins, the other gets a Spanish 409', async () => {
    const a = await createBooking(server.url, desk);
    const b = await createBooking(server.url, desk);
    const results = await Promise.all([a, b].map((id) => call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxis[1].driverId } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.error).toBe('Ese taxi ya tiene un viaje en curso');
    const live = (await call('/api/dispatch/bookings')).body.bookings.filter((x: Booking) => x.driver_id === taxis[1].driverId && x.status === 'asignado');
    expect(live).toHaveLength(1);
    const loser = [a, b].find((id) => id !== live[0].id) as number;
    expect(await booking(loser)).toMatchObject({ status: 'pendiente', driver_id: null });
    await call(`/api/dispatch/bookings/${live[0].id}/cancel`, { json: { reason: 'Prueba' } });
    await call(`/api/dispatch/bookings/${loser}/cancel`, { json: { reason: 'Prueba' } });
  });

  it('two dispatchers, one booking, two taxis at once: exactly one taxi gets it', async () => {
    const id = await createBooking(server.url, desk);
    const results = await Promise.all([taxis[1], taxis[2]].map((t) => call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: t.driverId } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.error).toBe('La reserva ya tiene un taxi asignado');
    const winner = (await booking(id)).driver_id;
    const loser = [taxis[1], taxis[2]].find((t) => t.driverId !== winner) as TaxiOnShift;
    expect((await driverState(loser)).availability).toBe('libre');
    const cancelled = await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'El cliente ya no lo necesita' } });
    expect(cancelled.body.booking).toMatchObject({ status: 'cancelado', cancel_reason: 'El cliente ya no lo necesita' });
    expect((await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxis[3].driverId } })).body.error).toBe('La reserva fue cancelada');
  });

  it('refuses a driver off shift or of another fleet', async () => {
    const id = await createBooking(server.url, desk);
    const [offShift] = (await freeDemoDrivers(server.db, server.seed.ownerId)).slice(-1);
    expect((await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: offShift.id } })).body.error).toBe('El conductor no está en turno');
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });
});

describe('automatic offers', () => {
  it('offers the nearest free taxi on its socket, passes to the next on decline, and the accepted trip runs to the end', async () => {
    const fleet = await openOwnerSocket(server.url, { token: desk });
    sockets.push(fleet);
    expect(await fleet.join(server.seed.ownerId)).toEqual({ ok: true });
    const phones = await Promise.all(taxis.slice(0, 2).map((t) => openOwnerSocket(server.url, { token: t.token })));
    sockets.push(...phones);
    const id = await createBooking(server.url, desk);
    const started = await call(`/api/dispatch/bookings/${id}/offer`, { json: {} });
    expect(started.status).toBe(200);
    expect(started.body.booking).toMatchObject({ status: 'ofrecido', offer: { driver_id: taxis[0].driverId } });
    const offer = await phones[0].waitFor((e) => e.event === 'offer' && (e.payload as { offer: { booking: { id: number } } | null }).offer?.booking.id === id);
    expect(offer.payload).toMatchObject({ offer: { booking: { id, pickup: PICKUP, notes: 'Con maleta', customer_phone: null }, distance_m: 300 } });
    expect(phones[1].events.filter((e) => e.event === 'offer')).toEqual([]);

    const declined = await apiCall(server.url, `/api/driver/offers/${id}/decline`, { token: taxis[0].token, json: {} });
    expect(declined).toMatchObject({ status: 200, body: { offer: null } });
    await phones[1].waitFor((e) => e.event === 'offer' && (e.payload as { offer: { booking: { id: number } } | null }).offer?.booking.id === id);
    expect(await booking(id)).toMatchObject({ status: 'ofrecido', refusals: 1, offer: { driver_id: taxis[1].driverId } });
    // The first driver cannot take it back.
    expect((await apiCall(server.url, `/api/driver/offers/${id}/accept`, { token: taxis[0].token, json: {} })).status).toBe(404);

    const accepted = await apiCall(server.url, `/api/driver/offers/${id}/accept`, { token: taxis[1].token, json: {} });
    expect(accepted.body).toMatchObject({ availability: 'ocupado', offer: null, trip: { id, status: 'en_camino', customer_phone: '+56987654321' } });
    await fleet.waitFor((e) => e.event === 'booking_changed' && (e.payload as { booking: Booking }).booking.status === 'en_camino');
    await fleet.waitFor((e) => e.event === 'availability_changed' && (e.payload as { shift_id: number }).shift_id === taxis[1].shiftId);

    // Within 80 m of the pickup: En el lugar by itself.
    await moveTo(server.url, taxis[1].token, PICKUP.latitude + 0.0003, PICKUP.longitude);
    const arrived = await phones[1].waitFor((e) => e.event === 'trip_changed' && (e.payload as { trip: { status: string } }).trip.status === 'en_el_lugar');
    // The passenger's wait starts: the phone counts it down, and the server holds No se presentó until then.
    const noShowIn = (arrived.payload as { trip: { no_show_in_s: number } }).trip.no_show_in_s;
    expect(noShowIn).toBeGreaterThan(DISPATCH_DEFAULTS.noShowWaitSeconds - 10);
    expect(noShowIn).toBeLessThanOrEqual(DISPATCH_DEFAULTS.noShowWaitSeconds);
    const tooSoon = await apiCall(server.url, `/api/driver/trips/${id}/no-show`, { token: taxis[1].token, json: {} });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.error).toMatch(/^Aún no: podrás marcar No se presentó en \d min \d{2} s \(se espera 5 min desde tu llegada\)$|^Aún no: podrás marcar No se presentó en 5 min \(se espera 5 min desde tu llegada\)$/);
    expect((await booking(id)).status).toBe('en_el_lugar');
    expect((await apiCall(server.url, `/api/driver/trips/${id}/finish`, { token: taxis[1].token, json: {} })).body.error).toBe('Solo se finaliza un viaje con el pasajero a bordo');
    expect((await apiCall(server.url, `/api/driver/trips/${id}/onboard`, { token: taxis[0].token, json: {} })).status).toBe(404);
    expect((await apiCall(server.url, `/api/driver/trips/${id}/onboard`, { token: taxis[1].token, json: {} })).body.trip.status).toBe('a_bordo');
    const finished = await apiCall(server.url, `/api/driver/trips/${id}/finish`, { token: taxis[1].token, json: {} });
    expect(finished.body).toMatchObject({ availability: 'libre', trip: null });
    const done = await booking(id);
    expect(done.events.map((e) => [e.status, e.by.kind, e.note])).toEqual([
      ['pendiente', 'desk', null],
      ['pendiente', 'desk', 'inicio'],
      ['ofrecido', 'system', null],
      ['pendiente', 'driver', 'rechazada'],
      ['ofrecido', 'system', null],
      ['asignado', 'driver', null],
      ['en_camino', 'driver', null],
      ['en_el_lugar', 'system', null],
      ['a_bordo', 'driver', null],
      ['finalizado', 'driver', null],
    ]);
  });

  it('No se presentó opens once the passenger has waited, counted from the arrival', async () => {
    const id = await createBooking(server.url, desk);
    expect((await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxis[2].driverId } })).status).toBe(200);
    expect((await apiCall(server.url, `/api/driver/trips/${id}/arrived`, { token: taxis[2].token, json: {} })).body.trip).toMatchObject({ status: 'en_el_lugar', no_show_in_s: DISPATCH_DEFAULTS.noShowWaitSeconds });
    // The taxi arrived five minutes and a second ago.
    await server.db.updateTable('booking_events').set({ at: new Date(Date.now() - (DISPATCH_DEFAULTS.noShowWaitSeconds + 1) * 1000) } as never).where('booking_id', '=', id).where('status', '=', 'en_el_lugar').execute();
    expect((await driverState(taxis[2])).trip).toMatchObject({ id, no_show_in_s: 0 });
    const noShow = await apiCall(server.url, `/api/driver/trips/${id}/no-show`, { token: taxis[2].token, json: {} });
    expect(noShow).toMatchObject({ status: 200, body: { availability: 'libre', trip: null } });
    expect((await booking(id)).status).toBe('no_se_presento');
  });

  it('after N refusals the booking returns to Por asignar, highlighted', async () => {
    const id = await createBooking(server.url, desk);
    await call(`/api/dispatch/bookings/${id}/offer`, { json: {} });
    for (let i = 0; i < 3; i += 1) {
      const current = await booking(id);
      const taxi = taxis.find((t) => t.driverId === current.offer?.driver_id) as TaxiOnShift;
      expect((await apiCall(server.url, `/api/driver/offers/${id}/decline`, { token: taxi.token, json: {} })).status).toBe(200);
    }
    expect(await booking(id)).toMatchObject({ status: 'pendiente', board: 'por_asignar', needs_attention: true, refusals: 3, offer: null });
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });

  it('availability: Fuera de servicio is no candidate; a driver on a trip cannot change it', async () => {
    const out = await apiCall(server.url, '/api/driver/availability', { method: 'PUT', token: taxis[4].token, json: { availability: 'fuera_de_servicio' } });
    expect(out.body.availability).toBe('fuera_de_servicio');
    const candidates = (await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`)).body.candidates as Candidate[];
    expect(candidates.map((c) => c.driver_id)).not.toContain(taxis[4].driverId);
    const bad = await apiCall(server.url, '/api/driver/availability', { method: 'PUT', token: taxis[4].token, json: { availability: 'ocupado' } });
    expect(bad.status).toBe(400);
    await apiCall(server.url, '/api/driver/availability', { method: 'PUT', token: taxis[4].token, json: { availability: 'libre' } });
    const id = await createBooking(server.url, desk);
    await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxis[4].driverId } });
    const busy = await apiCall(server.url, '/api/driver/availability', { method: 'PUT', token: taxis[4].token, json: { availability: 'fuera_de_servicio' } });
    expect(busy).toMatchObject({ status: 409, body: { error: 'Tienes un viaje en curso: la disponibilidad vuelve a Libre al finalizarlo' } });
    await finishTrip(taxis[4], id);
  });
});

describe('the desk never waits on a silent taxi', () => {
  const offerOf = async (taxi: TaxiOnShift) => (await driverState(taxi)).offer?.booking.id ?? null;
  /** The sweep (every 200 ms here) passes an offer whose stored expiry is behind the database clock. */
  async function expireOffer(id: number, next: TaxiOnShift) {
    await server.db.updateTable('bookings').set({ offer_expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    for (let i = 0; i < 50 && (await booking(id)).offer?.driver_id !== next.driverId; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it('passes the offer on at once, counts silence apart from refusals, and lists the silent taxis last, marked', async () => {
    // The free taxis nearest first (an earlier test left one at the pickup).
    const nearest = ((await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`)).body.candidates as Candidate[]).map((c) => taxis.find((t) => t.driverId === c.driver_id) as TaxiOnShift);
    expect(nearest).toHaveLength(5);
    const id = await createBooking(server.url, desk);
    expect((await call(`/api/dispatch/bookings/${id}/offer`, { json: {} })).body.booking.offer).toMatchObject({ driver_id: nearest[0].driverId });

    const passed = await call(`/api/dispatch/bookings/${id}/pass`, { json: {} });
    expect(passed.status).toBe(200);
    expect(passed.body.booking).toMatchObject({ status: 'ofrecido', offer: { driver_id: nearest[1].driverId }, refusals: 1, unanswered: 1, declined: 0 });
    expect(await offerOf(nearest[0])).toBeNull();
    expect(await offerOf(nearest[1])).toBe(id);

    await expireOffer(id, nearest[2]);
    expect(await booking(id)).toMatchObject({ status: 'ofrecido', offer: { driver_id: nearest[2].driverId }, unanswered: 2, declined: 0 });
    expect((await apiCall(server.url, `/api/driver/offers/${id}/decline`, { token: nearest[2].token, json: {} })).status).toBe(200);
    // Three offers came to nothing (maxRefusals 3): back to the board, saying which.
    expect(await booking(id)).toMatchObject({ status: 'pendiente', needs_attention: true, refusals: 3, unanswered: 2, declined: 1, offer: null });

    const listed = (await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}&booking_id=${id}`)).body.candidates as Candidate[];
    expect(listed.map((c) => [c.driver_id, c.offer_unanswered ?? false])).toEqual([
      [nearest[2].driverId, false],
      [nearest[3].driverId, false],
      [nearest[4].driverId, false],
      [nearest[0].driverId, true],
      [nearest[1].driverId, true],
    ]);
    // Without the booking, the plain nearest-first list.
    const plain = (await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`)).body.candidates as Candidate[];
    expect(plain.map((c) => c.driver_id)).toEqual(nearest.map((t) => t.driverId));
    // "Ofrecer" again starts with a taxi that did not let it go unanswered.
    expect((await call(`/api/dispatch/bookings/${id}/offer`, { json: {} })).body.booking).toMatchObject({ offer: { driver_id: nearest[2].driverId }, unanswered: 0, declined: 0 });

    const activity = (await call('/api/activity?entity=booking')).body.entries as { entity_label: string; changes: Record<string, { before: unknown; after: unknown }> }[];
    const offers = activity.filter((e) => e.entity_label.startsWith(`#${id}`)).map((e) => e.changes.ofertas ?? null);
    expect(offers).toContainEqual({ before: null, after: '1 sin respuesta' });
    expect(offers).toContainEqual({ before: '2 sin respuesta, 1 rechazo', after: null });
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });

  it('gives the booking to another taxi while the offer runs; the offered driver loses it at once', async () => {
    const id = await createBooking(server.url, desk);
    const offer = (await call(`/api/dispatch/bookings/${id}/offer`, { json: {} })).body.booking.offer;
    const offered = taxis.find((t) => t.driverId === offer.driver_id) as TaxiOnShift;
    const other = taxis.find((t) => t !== offered) as TaxiOnShift;
    const assigned = await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: other.driverId } });
    expect(assigned.body.booking).toMatchObject({ status: 'asignado', driver_id: other.driverId, offer: null });
    expect(await offerOf(offered)).toBeNull();
    expect((await apiCall(server.url, `/api/driver/offers/${id}/accept`, { token: offered.token, json: {} })).status).toBe(404);
    // Nothing to pass any more: a clear 409.
    expect(await call(`/api/dispatch/bookings/${id}/pass`, { json: {} })).toMatchObject({ status: 409, body: { error: 'La reserva no se está ofreciendo: ya la tomó un taxi o volvió al tablero' } });
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });

  it('refuses a bad booking id for candidates in Spanish', async () => {
    const bad = await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}&booking_id=abc`);
    expect(bad).toMatchObject({ status: 400 });
    expect(JSON.stringify(bad.body)).toContain('Reserva inválida');
  });
});

describe('Crear y ofrecer: one request', () => {
  it('creates the booking and offers it to the nearest free taxi, who hears it; history and Actividad as the two requests left them', async () => {
    const [nearest] = (await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`)).body.candidates as Candidate[];
    const phone = await openOwnerSocket(server.url, { token: (taxis.find((t) => t.driverId === nearest.driver_id) as TaxiOnShift).token });
    sockets.push(phone);
    const offered = phone.waitFor((e) => e.event === 'offer' && (e.payload as { offer: unknown }).offer !== null);
    const answer = await call('/api/dispatch/bookings/create-and-offer', { json: { customer_phone: '9 6666 1234', customer_name: 'Uno Solo', pickup: PICKUP } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ offer_refused: null, booking: { status: 'ofrecido', customer_phone: '+56966661234', offer: { driver_id: nearest.driver_id } } });
    const id = answer.body.booking.id as number;
    expect(((await offered).payload as { offer: { booking: { id: number } } }).offer.booking.id).toBe(id);
    expect((await booking(id)).events.map((e) => [e.status, e.by.kind, e.note])).toEqual([
      ['pendiente', 'desk', null],
      ['pendiente', 'desk', 'inicio'],
      ['ofrecido', 'system', null],
    ]);
    const activity = (await call('/api/activity?entity=booking')).body.entries as { entity_label: string; action: string; changes: Record<string, { before: unknown; after: unknown }> }[];
    const mine = activity.filter((e) => e.entity_label.startsWith(`#${id}`));
    expect(mine.map((e) => [e.action, e.changes.estado])).toEqual(
      expect.arrayContaining([
        ['created', { before: null, after: 'Pendiente' }],
        ['updated', { before: 'Pendiente', after: 'Ofrecido' }],
      ]),
    );
    expect(mine.find((e) => e.action === 'created')?.entity_label).toBe(`#${id} ${PICKUP.label}`);
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });

  it('only creates a booking for later, and refuses bad input as creating does, creating nothing', async () => {
    const later = new Date(Date.now() + 3 * 3600_000).toISOString();
    const scheduled = await call('/api/dispatch/bookings/create-and-offer', { json: { customer_phone: '+56 9 6666 4321', pickup: PICKUP, scheduled_for: later } });
    expect(scheduled).toMatchObject({ status: 201, body: { offer_refused: null, booking: { status: 'pendiente', board: 'programados', offer: null } } });
    const before = (await call('/api/dispatch/bookings')).body.bookings.length;
    const phone = await call('/api/dispatch/bookings/create-and-offer', { json: { customer_phone: '12345', pickup: PICKUP } });
    expect(phone).toMatchObject({ status: 400, body: { fields: { customer_phone: 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678' } } });
    const past = await call('/api/dispatch/bookings/create-and-offer', { json: { customer_phone: '+56 9 6666 4321', pickup: PICKUP, scheduled_for: new Date(Date.now() - 3600_000).toISOString() } });
    expect(past).toMatchObject({ status: 400, body: { error: 'La hora programada ya pasó' } });
    expect((await call('/api/dispatch/bookings')).body.bookings).toHaveLength(before);
    await call(`/api/dispatch/bookings/${scheduled.body.booking.id}/cancel`, { json: { reason: 'Prueba' } });
  });
});

describe('customers and saved places', () => {
  it('finds customers by phone digits or name, and saves, edits and deletes places', async () => {
    expect((await call('/api/customers?query=8765')).body.customers.map((c: { phone: string }) => c.phone)).toContain('+56987654321');
    const marta = (await call('/api/customers?query=marta')).body.customers[0];
    expect(marta).toMatchObject({ name: 'Marta Rojas', phone: '+56987654321', recent_pickups: [PICKUP] });
    // The trips finished above (by the desk, by the driver, and the availability test's).
    expect(marta.trips_count).toBe(3);
    expect((await call('/api/customers/by-phone/912340000')).status).toBe(404);
    const created = await call('/api/dispatch/places', { json: { name: 'Terminal de buses', latitude: -33.45, longitude: -70.68 } });
    expect(created).toMatchObject({ status: 201, body: { place: { name: 'Terminal de buses' } } });
    const id = created.body.place.id;
    expect((await call(`/api/dispatch/places/${id}`, { method: 'PUT', json: { name: 'Terminal Sur', latitude: -33.45, longitude: -70.68 } })).body.place.name).toBe('Terminal Sur');
    expect((await call('/api/dispatch/places', { json: { name: 'Buenos Aires', latitude: -34.6, longitude: -58.4 } })).body.error).toBe('El punto está fuera del área de servicio');
    expect((await call(`/api/dispatch/places/${id}`, { method: 'DELETE' })).body).toEqual({ ok: true });
    expect((await call('/api/dispatch/places')).body.places.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it('the Dueño deletes a customer: the record goes, and the name and phone leave the closed bookings', async () => {
    await createBooking(server.url, desk, { customer_phone: '+56 9 5555 0000', customer_name: 'Borrar Me' }).then((id) =>
      call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } }),
    );
    const customer = (await call('/api/customers/by-phone/955550000')).body.customer;
    expect((await call(`/api/customers/${customer.id}`, { method: 'DELETE' })).body).toEqual({ ok: true });
    expect((await call('/api/customers/by-phone/955550000')).status).toBe(404);
    const bookings = (await call('/api/dispatch/bookings')).body.bookings as Booking[];
    expect(bookings.filter((b) => b.customer_phone === '+56955550000' || b.customer_name === 'Borrar Me')).toEqual([]);
  });
});

describe('another fleet', () => {
  it('never sees nor touches this fleet’s bookings and customers, and its taxis are never candidates here', async () => {
    const other = await createSecondOwner(server.db);
    const otherDesk = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
    // B's taxi stands right at A's pickup, with a fresh position.
    const otherDriver = await driverLogin(server.url, SECOND_OWNER.driverRut, SECOND_OWNER.password, other.fleetCode);
    await moveTo(server.url, otherDriver.token, PICKUP.latitude, PICKUP.longitude);
    const id = await createBooking(server.url, desk);
    const candidates = (await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`)).body.candidates as Candidate[];
    expect(candidates.map((c) => c.driver_id)).not.toContain(other.driverId);
    expect((await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: other.driverId } })).body.error).toBe('Conductor no encontrado');
    const asB = (path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, path, { token: otherDesk, ...init });
    expect((await asB(`/api/dispatch/bookings/${id}`)).status).toBe(404);
    expect((await asB(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'x' } })).status).toBe(404);
    expect((await asB('/api/customers/by-phone/987654321')).status).toBe(404);
    expect((await asB('/api/dispatch/bookings')).body.bookings).toEqual([]);
    // B's own offering finds only B's taxi, and A's drivers never hear of it.
    const bBooking = (await asB('/api/dispatch/bookings', { json: { customer_phone: '+56 9 4444 0000', pickup: PICKUP } })).body.booking.id;
    expect((await asB(`/api/dispatch/bookings/${bBooking}/offer`, { json: {} })).body.booking.offer).toMatchObject({ driver_id: other.driverId });
    for (const taxi of taxis) expect((await driverState(taxi)).offer?.booking.id).not.toBe(bBooking);
    expect((await apiCall(server.url, `/api/driver/offers/${bBooking}/accept`, { token: taxis[0].token, json: {} })).status).toBe(404);
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });
});
