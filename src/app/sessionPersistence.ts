/**
 * Keeps the session in localStorage (side effects stay out of reducers) and makes sure no cached
 * answer outlives the session it was fetched with.
 */
import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import type { PrefixedStorage } from '../lib/storage';
import { authApi, loggedOut, type AuthState, type StoredSession } from '../features/auth';
import { api, sessionExpired } from './api';

export const SESSION_KEY = 'session';

export function sessionPersistence(storage: PrefixedStorage) {
  const listener = createListenerMiddleware();

  listener.startListening({
    matcher: isAnyOf(authApi.endpoints.login.matchFulfilled, authApi.endpoints.getMe.matchFulfilled),
    effect(_action, listenerApi) {
      const { token, user } = (listenerApi.getState() as { auth: AuthState }).auth;
      if (token && user) storage.write(SESSION_KEY, { token, user } satisfies StoredSession);
    },
  });

  // The cache goes with the session: nothing of this owner may show to the next one.
  listener.startListening({
    matcher: isAnyOf(loggedOut, sessionExpired),
    effect(_action, listenerApi) {
      storage.remove(SESSION_KEY);
      listenerApi.dispatch(api.util.resetApiState());
    },
  });

  return listener.middleware;
}
