import { configureStore } from '@reduxjs/toolkit';
import { prefixedStorage, type PrefixedStorage } from '../lib/storage';
import { restoredAuthState, type StoredSession } from '../features/auth/authSlice';
import { api } from './api';
import { resolveConfig, type RuntimeConfig } from './config';
import { rootReducer } from './rootReducer';
import { SESSION_KEY, sessionPersistence } from './sessionPersistence';
import { createSocketMiddleware, type CreateSocket } from './socketMiddleware';

export interface StoreOptions {
  config?: Partial<RuntimeConfig>;
  storage?: PrefixedStorage;
  /** The live map's socket factory (socket.io's io by default; tests pass a fake). */
  createSocket?: CreateSocket;
}

/** One store per mounted app (the embed can mount several times; tests make one per test). */
export function makeStore({ config: partialConfig, storage, createSocket }: StoreOptions = {}) {
  const config = resolveConfig(partialConfig);
  const sessionStorage = storage ?? prefixedStorage(config.storagePrefix);
  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      config,
      auth: restoredAuthState(sessionStorage.read<StoredSession>(SESSION_KEY)),
    },
    middleware: (getDefault) => getDefault().prepend(sessionPersistence(sessionStorage)).concat(api.middleware, createSocketMiddleware({ createSocket })),
    devTools: config.devTools ? { name: 'Flota' } : false,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
