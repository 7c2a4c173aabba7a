/**
 * Default MSW answers for /api, shaped like the real server's. Drivers and vehicles come from the
 * in-memory fleet (fakeFleet.ts). Tests override one with `server.use(...)` to make a call fail or
 * answer something else.
 */
import { http, HttpResponse } from 'msw';
import { API, authorized, unauthorized } from './apiEdge';
import { fleetHandlers } from './fakeFleet';
import { demoToken, demoUser, makeShift } from './fixtures';

export { API };

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
];
