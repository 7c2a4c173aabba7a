import { authApi } from '../features/auth';
import { demoToken, demoUser } from '../testing/fixtures';
import { MASK, sanitizeAction, sanitizeState } from './devToolsSanitizers';

const loginMutation = {
  status: 'fulfilled',
  endpointName: 'login',
  requestId: 'abc',
  originalArgs: { rut: '12345678', password: 'flota-demo' },
  data: { token: demoToken, user: demoUser },
};

const state = {
  auth: { token: demoToken, user: demoUser, status: 'authenticated' },
  api: { queries: { 'getMe(undefined)': { data: { user: demoUser } } }, mutations: { abc: loginMutation } },
  liveMap: { center: null, zoom: 13 },
};

describe('what Redux DevTools is shown', () => {
  it('masks the token in the session and the login answer, and the password the login sent', () => {
    const shown = sanitizeState(state);
    expect(shown.auth).toEqual({ token: MASK, user: demoUser, status: 'authenticated' });
    expect(shown.api.mutations.abc).toEqual({ ...loginMutation, originalArgs: { rut: '12345678', password: MASK }, data: { token: MASK, user: demoUser } });
    expect(JSON.stringify(shown)).not.toContain(demoToken);
    expect(JSON.stringify(shown)).not.toContain('flota-demo');
  });

  it('leaves the app its real state, and copies only what it masks', () => {
    const shown = sanitizeState(state);
    expect(state.auth.token).toBe(demoToken);
    expect(state.api.mutations.abc.data.token).toBe(demoToken);
    expect(shown.liveMap).toBe(state.liveMap);
    expect(shown.api.queries).toBe(state.api.queries);
  });

  it('returns a state without secrets as it is', () => {
    const signedOut = { auth: { token: null, user: null, status: 'anonymous' }, api: { queries: {}, mutations: {} } };
    expect(sanitizeState(signedOut)).toBe(signedOut);
  });

  it('masks the token in the login fulfilled action and the password in its pending action', () => {
    const fulfilled = {
      type: 'api/executeMutation/fulfilled',
      payload: { token: demoToken, user: demoUser },
      meta: { requestId: 'abc', arg: { endpointName: 'login', originalArgs: { rut: '12345678', password: 'flota-demo' } } },
    };
    expect(authApi.endpoints.login.matchFulfilled(fulfilled)).toBe(true);
    const shown = sanitizeAction(fulfilled);
    expect(shown.payload).toEqual({ token: MASK, user: demoUser });
    expect(shown.meta.arg.originalArgs).toEqual({ rut: '12345678', password: MASK });
    expect(shown.meta.requestId).toBe('abc');
    expect(fulfilled.payload.token).toBe(demoToken);
  });

  it('masks a driver’s session on /conductor: the state, the restored session and the driver’s login', () => {
    const driver = { id: 7, rut: '150000013', first_name: 'Pedro', last_name: 'Rojas', current_vehicle_id: 3, plate_number: 'KXWZ47' };
    const phone = { ...state, conductor: { session: { token: 'driver-token', driver }, notice: null } };
    const shown = sanitizeState(phone);
    expect(shown.conductor).toEqual({ session: { token: MASK, driver }, notice: null });
    expect(phone.conductor.session.token).toBe('driver-token');
    expect(sanitizeAction({ type: 'conductor/sessionRestored', payload: { token: 'driver-token', driver } }).payload).toEqual({ token: MASK, driver });
    const login = { type: 'api/executeMutation/pending', meta: { arg: { endpointName: 'driverLogin', originalArgs: { fleet_code: 'K7P4QX', rut: '15.000.001-3', password: 'clave-1234' } } } };
    expect(sanitizeAction(login).meta.arg.originalArgs).toEqual({ fleet_code: 'K7P4QX', rut: '15.000.001-3', password: MASK });
    expect(sanitizeState({ conductor: { session: null } })).toEqual({ conductor: { session: null } });
  });

  it('returns other actions as they are', () => {
    const viewChanged = { type: 'liveMap/viewChanged', payload: { center: [-71.2, -32.4], zoom: 14 } };
    const batch = { type: 'activeShifts/locationsReceived', payload: [{ shift_id: 1, latitude: -32.4, longitude: -71.2, timestamp: '2026-11-21T15:00:00.000Z' }] };
    expect(sanitizeAction(viewChanged)).toBe(viewChanged);
    expect(sanitizeAction(batch)).toBe(batch);
    expect(sanitizeAction({ type: 'auth/loggedOut' })).toEqual({ type: 'auth/loggedOut' });
  });
});
