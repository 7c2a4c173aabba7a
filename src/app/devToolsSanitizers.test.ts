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

  it('returns other actions as they are', () => {
    const viewChanged = { type: 'liveMap/viewChanged', payload: { center: [-71.2, -32.4], zoom: 14 } };
    const batch = { type: 'activeShifts/locationsReceived', payload: [{ shift_id: 1, latitude: -32.4, longitude: -71.2, timestamp: '2026-11-21T15:00:00.000Z' }] };
    expect(sanitizeAction(viewChanged)).toBe(viewChanged);
    expect(sanitizeAction(batch)).toBe(batch);
    expect(sanitizeAction({ type: 'auth/loggedOut' })).toEqual({ type: 'auth/loggedOut' });
  });
});
