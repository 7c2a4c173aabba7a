/**
 * The driver API's side of the fake server for /conductor tests: one driver (Pedro Rojas, KXWZ47)
 * whose shift, dispatch state, account and documents change as the real server would change them,
 * shaped like contract/driverApi.ts, contract/dispatch.ts and contract/accounts.ts. A test reads
 * what the phone asked (`requests`) and changes what the server holds (`state`); `state.offline`
 * makes every request fail as without signal; `state.hold` keeps the next GET of a path waiting.
 */
import { http, HttpResponse } from 'msw';
import type { MyAccountResponse } from '../../contract/accounts';
import type { DriverDispatchResponse, DriverOffer, DriverTrip, LocationBatch } from '../../contract/api';
import type { DriverDocumentsResponse } from '../../contract/documents';
import type { Shift } from '../../contract/entities';
import { API } from './apiEdge';
import { DRIVER_PROFILE, DRIVER_TOKEN } from './driverPhone';
import { makeShift } from './fixtures';
import { server } from './mswServer';

export { DRIVER_PROFILE, DRIVER_TOKEN };

export function makeTrip(overrides: Partial<DriverTrip> = {}): DriverTrip {
  return {
    id: 42,
    status: 'ofrecido',
    pickup: { label: 'Ortiz de Rozas 415', latitude: -32.4512, longitude: -71.2318 },
    destination: null,
    passengers: 1,
    notes: null,
    customer_name: null,
    customer_phone: null,
    scheduled_for: null,
    cancel_reason: null,
    updated_at: new Date().toISOString(),
    no_show_in_s: null,
    ...overrides,
  };
}

/** An offer as the server sends it, expiring `seconds` after the server's (here: the test's) clock. */
export function makeOffer(seconds: number, booking: Partial<DriverTrip> = {}): DriverOffer {
  const now = Date.now();
  return { booking: makeTrip(booking), expires_at: new Date(now + seconds * 1000).toISOString(), server_time: new Date(now).toISOString(), distance_m: 1250, eta_s: 240 };
}

export const NO_ACCOUNT_ENTRIES: MyAccountResponse = { balance: 0, days_behind: 0, terms: null, entries: [] };

export interface FakeDriverState {
  shift: Shift | null;
  dispatch: DriverDispatchResponse;
  account: MyAccountResponse;
  documents: DriverDocumentsResponse;
  /** Every request fails as without signal. */
  offline: boolean;
  /** Paths (e.g. '/driver/account') whose next GET waits until `release(path)`. */
  hold: Set<string>;
}

export function fakeDriverServer(initial: Partial<Omit<FakeDriverState, 'hold'>> = {}) {
  const state: FakeDriverState = {
    shift: null,
    dispatch: { availability: 'libre', offer: null, trip: null, fares_enabled: false },
    account: NO_ACCOUNT_ENTRIES,
    documents: { documents: [], blocked_reasons: [] },
    offline: false,
    hold: new Set(),
    ...initial,
  };
  const requests: string[] = [];
  const batches: LocationBatch['locations'][] = [];
  const waiting = new Map<string, () => void>();
  const authorized = (request: Request) => request.headers.get('Authorization') === `Bearer ${DRIVER_TOKEN}`;
  const refused = () => HttpResponse.json({ error: 'Sesión expirada. Ingresa nuevamente.' }, { status: 401 });

  /** A driver route: counted, refused without the driver's token, failed while offline. */
  function route(method: 'get' | 'post' | 'put', path: string, answer: (request: Request, params: Record<string, string>) => Response | Promise<Response>) {
    return http[method](`${API}${path}`, async ({ request, params }) => {
      const name = `${method.toUpperCase()} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
      requests.push(name);
      if (state.offline) return HttpResponse.error();
      if (path !== '/driver/login' && !authorized(request)) return refused();
      // What the server read when the request arrived is what it sends, even if held.
      const response = await answer(request, params as Record<string, string>);
      if (method === 'get' && state.hold.has(path)) {
        state.hold.delete(path);
        await new Promise<void>((resolve) => waiting.set(path, resolve));
      }
      return response;
    });
  }
  const dispatchAnswer = (next: DriverDispatchResponse) => {
    state.dispatch = next;
    return HttpResponse.json(next);
  };

  server.use(
    route('post', '/driver/login', async (request) => {
      const body = (await request.json()) as { fleet_code: string; rut: string; password: string };
      if (body.password !== 'clave-1234') return HttpResponse.json({ error: 'RUT o contraseña incorrectos' }, { status: 401 });
      return HttpResponse.json({ token: DRIVER_TOKEN, driver: DRIVER_PROFILE });
    }),
    route('get', '/driver/me', () => HttpResponse.json({ driver: DRIVER_PROFILE, shift: state.shift })),
    route('post', '/driver/shifts/start', () => {
      state.shift = makeShift({ id: 99, driver_id: DRIVER_PROFILE.id, vehicle_id: 3, first_name: 'Pedro', last_name: 'Rojas', plate_number: 'KXWZ47', start_time: new Date().toISOString() });
      return HttpResponse.json({ shift: state.shift });
    }),
    route('post', '/driver/shifts/end', () => {
      const ended = { ...(state.shift as Shift), end_time: new Date().toISOString(), is_active: false };
      state.shift = null;
      return HttpResponse.json({ shift: ended });
    }),
    route('post', '/driver/locations', async (request) => {
      if (!state.shift) return HttpResponse.json({ error: 'No tienes un turno activo' }, { status: 409 });
      const { locations } = (await request.json()) as LocationBatch;
      batches.push(locations);
      return HttpResponse.json({ accepted: locations.length }, { status: 202 });
    }),
    route('get', '/driver/dispatch', () => HttpResponse.json(state.dispatch)),
    route('post', '/driver/offers/:id/accept', (_request, params) => {
      const offer = state.dispatch.offer;
      if (!offer || offer.booking.id !== Number(params.id)) return HttpResponse.json({ error: 'La oferta ya no está disponible' }, { status: 409 });
      return dispatchAnswer({ ...state.dispatch, availability: 'ocupado', offer: null, trip: makeTrip({ id: offer.booking.id, status: 'en_camino', customer_name: 'Ana Pérez', customer_phone: '+56912345678' }) });
    }),
    route('post', '/driver/offers/:id/decline', () => dispatchAnswer({ ...state.dispatch, offer: null })),
    route('post', '/driver/trips/:id/:step', (_request, params) => {
      const trip = state.dispatch.trip;
      if (!trip) return HttpResponse.json({ error: 'Ya no tienes ese viaje' }, { status: 409 });
      if (params.step === 'finish' || params.step === 'no-show') return dispatchAnswer({ ...state.dispatch, availability: 'libre', trip: null });
      const next = ({ arrived: 'en_el_lugar', onboard: 'a_bordo' } as const)[params.step as 'arrived' | 'onboard'];
      return dispatchAnswer({ ...state.dispatch, trip: { ...trip, status: next, updated_at: new Date().toISOString() } });
    }),
    route('put', '/driver/availability', async (request) => {
      const { availability } = (await request.json()) as { availability: 'libre' | 'fuera_de_servicio' };
      return dispatchAnswer({ ...state.dispatch, availability });
    }),
    route('get', '/driver/account', () => HttpResponse.json(state.account)),
    route('get', '/driver/documents', () => HttpResponse.json(state.documents)),
    route('get', '/driver/sos', () => HttpResponse.json({ sos: null })),
  );

  return {
    state,
    requests,
    batches,
    /** How many times the phone asked for this (e.g. 'GET /driver/account'). */
    asked: (name: string) => requests.filter((request) => request === name).length,
    /** Lets a held GET answer. */
    release: (path: string) => waiting.get(path)?.(),
  };
}
