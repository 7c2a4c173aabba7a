/**
 * Default MSW answers for /api, shaped like the real server's. Drivers and vehicles come from the
 * in-memory fleet (fakeFleet.ts). Tests override one with `server.use(...)` to make a call fail or
 * answer something else.
 */
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { API, authorized, unauthorized } from './apiEdge';
import { fleetHandlers } from './fakeFleet';
import { demoToken, demoUser, historyShifts, makeShift, shiftRoutes } from './fixtures';

export { API };

/** The query strings GET /shifts/history received, in order, so tests can assert what was sent. Clear it in beforeEach. */
export const historyQueries: URLSearchParams[] = [];

export const handlers = [
  http.post(`${API}/auth/login`, async ({ request }) => {
    const body = (await request.json()) as { rut: string; password: string };
    if (body.rut.replace(/\D/g, '').startsWith('12345678') && body.password === 'flota-demo') {
      return HttpResponse.json({ token: demoToken, user: demoUser });
    }
    return HttpResponse.json({ error: 'RUT o contraseña incorrectos' }, { status: 401 });
  }),
  http.get(`${API}/auth/me`, ({ request }) => (authorized(request) ? HttpResponse.json({ user: demoUser }) : unauthorized())),
  ...fleetHandlers,
  http.get(`${API}/shifts/active`, ({ request }) => {
    if (!authorized(request)) return unauthorized();
    const shifts = [makeShift(), makeShift({ id: 2 }), makeShift({ id: 3 }), makeShift({ id: 4, latitude: null, longitude: null, last_location_time: null })];
    return HttpResponse.json({ shifts, count: shifts.length });
  }),
  http.get(`${API}/shifts/history`, ({ request }) => {
    if (!authorized(request)) return unauthorized();
    const query = new URL(request.url).searchParams;
    historyQueries.push(query);
    const driverId = query.get('driver_id');
    const start = query.get('start_date');
    const end = query.get('end_date');
    // A shift belongs to the (local) day it started on; both dates are inclusive.
    const shifts = historyShifts.filter((shift) => {
      const day = dayjs(shift.start_time).format('YYYY-MM-DD');
      return (!driverId || shift.driver_id === Number(driverId)) && (!start || day >= start) && (!end || day <= end);
    });
    return HttpResponse.json({ shifts, count: shifts.length });
  }),
  http.get(`${API}/shifts/:id/locations`, ({ request, params }) => {
    if (!authorized(request)) return unauthorized();
    const id = Number(params.id);
    if (!historyShifts.some((shift) => shift.id === id)) return HttpResponse.json({ error: 'Turno no encontrado' }, { status: 404 });
    return HttpResponse.json({ locations: shiftRoutes[id] ?? [] });
  }),
];
