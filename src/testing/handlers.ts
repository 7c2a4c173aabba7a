/**
 * Default MSW answers for /api, shaped like the real server's. Tests override one with
 * `server.use(...)` to make a call fail or answer something else.
 */
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { demoToken, demoUser, historyShifts, makeDriver, makeShift, makeVehicle, shiftRoutes } from './fixtures';

export const API = 'http://localhost/api';

function authorized(request: Request): boolean {
  return request.headers.get('Authorization') === `Bearer ${demoToken}`;
}

/** The query strings GET /shifts/history received, in order, so tests can assert what was sent. Clear it in beforeEach. */
export const historyQueries: URLSearchParams[] = [];

const unauthorized = () => HttpResponse.json({ error: 'Sesión expirada. Ingresa nuevamente.' }, { status: 401 });

export const handlers = [
  http.post(`${API}/auth/login`, async ({ request }) => {
    const body = (await request.json()) as { rut: string; password: string };
    if (body.rut.replace(/\D/g, '').startsWith('12345678') && body.password === 'flota-demo') {
      return HttpResponse.json({ token: demoToken, user: demoUser });
    }
    return HttpResponse.json({ error: 'RUT o contraseña incorrectos' }, { status: 401 });
  }),
  http.get(`${API}/auth/me`, ({ request }) => (authorized(request) ? HttpResponse.json({ user: demoUser }) : unauthorized())),
  http.get(`${API}/drivers`, ({ request }) => {
    if (!authorized(request)) return unauthorized();
    const drivers = [makeDriver(), makeDriver({ id: 2, rut: '76086428-5', first_name: 'Ana', last_name: 'Soto', current_vehicle_id: null, plate_number: null })];
    return HttpResponse.json({ drivers, count: drivers.length });
  }),
  http.get(`${API}/vehicles`, ({ request }) => {
    if (!authorized(request)) return unauthorized();
    const vehicles = [makeVehicle(), makeVehicle({ id: 2, plate_number: 'GHJK34', driver_id: null, driver_first_name: null, driver_last_name: null }), makeVehicle({ id: 3, plate_number: 'AB1234' })];
    return HttpResponse.json({ vehicles, count: vehicles.length });
  }),
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
