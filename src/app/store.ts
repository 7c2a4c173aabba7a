import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { prefixedStorage, type PrefixedStorage } from '../lib/storage';
import { restoredAuthState, type StoredSession } from '../features/auth';
import { api, driverSessionExpired, sessionExpired } from './api';
import { resolveConfig, type RuntimeConfig } from './config';
import { sanitizeAction, sanitizeState } from './devToolsSanitizers';
import { rootReducer, type RootState } from './rootReducer';
import { SESSION_KEY, sessionPersistence } from './sessionPersistence';
import { createRealtimeMiddleware } from '../lib/realtime/realtimeMiddleware';
import type { SocketFactory } from '../lib/realtime/socketFactory';
import type { RealtimeChannel } from '../lib/realtime/channel';
import { appUnmounted } from './lifecycle';
import { realtimeChannels } from './realtimeChannels';
import { storedThemePreference, themePersistence } from './themePersistence';
import { systemColorScheme } from '../components/theme/themeSlice';

export interface StoreOptions {
  config?: Partial<RuntimeConfig>;
  storage?: PrefixedStorage;
  /** The desk's socket factory (socket.io, loaded lazily, by default; tests pass a fake). */
  createSocket?: SocketFactory;
  /** The sockets' channels (app/realtimeChannels.ts by default; tests pass one with a shorter flush). */
  channels?: readonly RealtimeChannel<never>[] | (() => readonly RealtimeChannel<never>[]);
  /** Runs after the app's own middlewares (tests record actions with it). */
  extraMiddleware?: Middleware[];
}

/**
 * DevTools keeps this many actions: ten minutes of map activity. The live map's channel sends at
 * most four location batches a second (2400 in ten minutes), plus the screens' own actions.
 */
export const DEVTOOLS_MAX_AGE = 3000;

/** The driver's phone (/conductor): the driver's token; the server puts the socket in the driver's room. */
const driverRole = {
  token: (state: RootState) => state.conductor?.session?.token ?? null,
  onUnauthorized: driverSessionExpired,
};

/** One store per mounted app (the embed can mount several times; tests make one per test). */
export function makeStore({ config: partialConfig, storage, createSocket, channels = realtimeChannels, extraMiddleware = [] }: StoreOptions = {}) {
  const config = resolveConfig(partialConfig);
  const sessionStorage = storage ?? prefixedStorage(config.storagePrefix);
  const auth = restoredAuthState(sessionStorage.read<StoredSession>(SESSION_KEY));
  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      config,
      auth,
      // The first paint already has the right colours (no flash of the light theme at night).
      theme: { preference: storedThemePreference(sessionStorage, auth.user?.id), system: systemColorScheme() },
    },
    // RTK's serializable and immutable checks stay on outside production (development and tests);
    // a live map with thousands of taxis makes them slower than RTK's 32 ms notice threshold.
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { warnAfter: 128 }, immutableCheck: { warnAfter: 128 } })
        .prepend(sessionPersistence(sessionStorage), themePersistence(sessionStorage))
        .concat(api.middleware, createRealtimeMiddleware({ createSocket, channels, closeOn: appUnmounted.match, onUnauthorized: sessionExpired, roles: { driver: driverRole } }), ...extraMiddleware),
    devTools: config.devTools ? { name: 'Flota', maxAge: DEVTOOLS_MAX_AGE, actionSanitizer: sanitizeAction, stateSanitizer: sanitizeState } : false,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
