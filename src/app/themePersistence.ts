/**
 * Remembers each signed-in user's theme in localStorage (key theme:<user id>, under the store's
 * prefix, so two embedded apps and two users on one browser keep their own), and reads it back
 * when a user signs in or a stored session is confirmed.
 */
import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import type { PrefixedStorage } from '../lib/storage';
import { authApi, loggedOut, type AuthState } from '../features/auth';
import { isThemePreference, themeChosen, themeRestored, type ThemePreference, type ThemeState } from '../components/theme/themeSlice';
import { sessionExpired } from './api';

export const themeKey = (userId: number) => `theme:${userId}`;

/** The stored choice of that user, Sistema when there is none (or it is not one we know). */
export function storedThemePreference(storage: PrefixedStorage, userId: number | undefined): ThemePreference {
  if (userId === undefined) return 'system';
  const stored = storage.read<unknown>(themeKey(userId));
  return isThemePreference(stored) ? stored : 'system';
}

export function themePersistence(storage: PrefixedStorage) {
  const listener = createListenerMiddleware();

  listener.startListening({
    actionCreator: themeChosen,
    effect(action, listenerApi) {
      const { user } = (listenerApi.getState() as { auth: AuthState }).auth;
      if (user) storage.write(themeKey(user.id), action.payload);
    },
  });

  listener.startListening({
    matcher: isAnyOf(authApi.endpoints.login.matchFulfilled, authApi.endpoints.getMe.matchFulfilled),
    effect(_action, listenerApi) {
      const { auth, theme } = listenerApi.getState() as { auth: AuthState; theme: ThemeState };
      const stored = auth.user ? storedThemePreference(storage, auth.user.id) : theme.preference;
      if (stored !== theme.preference) listenerApi.dispatch(themeRestored(stored));
    },
  });

  // Signed out, the app (the login screen) follows the system again.
  listener.startListening({
    matcher: isAnyOf(loggedOut, sessionExpired),
    effect(_action, listenerApi) {
      if ((listenerApi.getState() as { theme: ThemeState }).theme.preference !== 'system') listenerApi.dispatch(themeRestored('system'));
    },
  });

  return listener.middleware;
}
