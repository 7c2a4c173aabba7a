/**
 * Default MSW answers for /api, shaped like the real server's. Drivers and vehicles come from the
 * in-memory fleet (fakeFleet.ts). Tests override one with `server.use(...)` to make a call fail or
 * answer something else.
 */
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import type { Shift } from '../../contract/entities';
import { API, authorized, unauthorized } from './apiEdge';
import { fleetHandlers } from './fakeFleet';
import { demoToken, demoUser, historyShifts, makeShift, shiftRoutes } from './fixtures';

export { API };

/** The query strings GET /shifts/history received, in order, so tests can assert what was sent. Clear it in beforeEach. */
export const historyQueries: URLSearchParams[] = [];

/** The history shifts the filters of a history query select (a shift belongs to the local day it started on; both dates inclusive). */
function selectedHistory(query: URLSearchParams): Shift[] {
  const driverId = query.get('driver_id');
  const vehicleId = query.get('vehicle_id');
  const start = query.get('start_date');
  const end = query.get('end_date');
  return historyShifts.filter((shift) => {
    const day = dayjs(shift.start_time).format('YYYY-MM-DD');
    return (!driverId || shift.driver_id === Number(driverId)) && (!vehicleId || shift.vehicle_id === Number(vehicleId)) && (!start || day >= start) && (!end || day <= end);
  });
}

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
  // Dispatch availability for the live map's colours: none known unless a test says so.
  // Cuentas: no driver behind (the dashboard's Requiere atención asks).
  http.get(`${API}/accounts/balances`, ({ request }) => (authorized(request) ? HttpResponse.json({ balances: [], total_owed: 0, behind_days_alert: 3 }) : unauthorized())),
  // Alertas: the layout asks for the open count on every screen.
  // Despacho's board (the dashboard's Requiere atención asks it too): no booking.
  http.get(`${API}/dispatch/bookings`, ({ request }) => (authorized(request) ? HttpResponse.json({ bookings: [], closed_not_shown: 0 }) : unauthorized())),
  // /conductor's "Mi cuenta": nothing owed (a driver's token; driver routes are a test's own otherwise).
  http.get(`${API}/driver/account`, () => HttpResponse.json({ balance: 0, days_behind: 0, terms: null, entries: [] })),
  // Vencimientos: nothing expiring (the cards and the dashboard's Requiere atención ask); /conductor's "Mis documentos": none.
  http.get(`${API}/expiries`, ({ request }) => (authorized(request) ? HttpResponse.json({ today: '2026-11-27', window_days: 60, expiries: [], retirements: [] }) : unauthorized())),
  http.get(`${API}/driver/documents`, () => HttpResponse.json({ documents: [], blocked_reasons: [] })),
  // The Vencimientos settings the Dueño sees below the list: the server's defaults.
  http.get(`${API}/documents/settings`, ({ request }) =>
    authorized(request) ? HttpResponse.json({ settings: { dispatch_mode: 'bloquear', window_days: 60, max_vehicle_age_years: null, reminder_days: [30, 15, 7, 1, 0], reminder_hour: 9 } }) : unauthorized(),
  ),
  http.get(`${API}/alerts/summary`, ({ request }) => (authorized(request) ? HttpResponse.json({ open_count: 0, open_sos: 0, sos_drivers: [] }) : unauthorized())),
  http.get(`${API}/zones/mutes`, ({ request }) => (authorized(request) ? HttpResponse.json({ mutes: [] }) : unauthorized())),
  // Mantención: no plan (the vehicle cards' badge asks), no service cost (Reportes asks).
  http.get(`${API}/maintenance`, ({ request }) => (authorized(request) ? HttpResponse.json({ vehicles: [] }) : unauthorized())),
  http.get(`${API}/maintenance/costs`, ({ request }) => (authorized(request) ? HttpResponse.json({ rows: [], total_pesos: 0 }) : unauthorized())),
  http.get(`${API}/dispatch/availability`, ({ request }) => (authorized(request) ? HttpResponse.json({ availability: [] }) : unauthorized())),
  http.get(`${API}/shifts/history`, ({ request }) => {
    if (!authorized(request)) return unauthorized();
    const query = new URL(request.url).searchParams;
    historyQueries.push(query);
    const shifts = selectedHistory(query);
    // One page, as the server pages it: limit 1–500 (default 100), offset ≥ 0.
    const limit = Number(query.get('limit') ?? 100);
    const offset = Number(query.get('offset') ?? 0);
    const page = shifts.slice(offset, offset + limit);
    const nextOffset = offset + page.length < shifts.length ? offset + page.length : null;
    return HttpResponse.json({ shifts: page, count: page.length, total: shifts.length, next_offset: nextOffset });
  }),
  http.get(`${API}/shifts/history.csv`, ({ request }) => {
    if (!authorized(request)) return unauthorized();
    const query = new URL(request.url).searchParams;
    const lines = ['Conductor;RUT;Vehículo', ...selectedHistory(query).map((shift) => `${shift.first_name} ${shift.last_name};${shift.rut};${shift.plate_number ?? 'Sin vehículo'}`)];
    return new HttpResponse(`\uFEFF${lines.join('\r\n')}\r\n`, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="historial-turnos-2026-11-24.csv"' },
    });
  }),
  http.get(`${API}/shifts/:id/locations`, ({ request, params }) => {
    if (!authorized(request)) return unauthorized();
    const id = Number(params.id);
    if (!historyShifts.some((shift) => shift.id === id)) return HttpResponse.json({ error: 'Turno no encontrado' }, { status: 404 });
    return HttpResponse.json({ locations: shiftRoutes[id] ?? [] });
  }),
];
