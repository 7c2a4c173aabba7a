/**
 * Renders the whole app (real store, real routes, memory router) at a path, as a user would open
 * it. Only the network is fake (MSW).
 */
import type { Middleware } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRouter, FlotaApp } from '../app/FlotaApp';
import { makeStore } from '../app/store';
import type { SocketFactory } from '../lib/realtime/socketFactory';
import { prefixedStorage } from '../lib/storage';
import { fakeSocketFactory } from './fakeSocket';
import { demoToken, demoUser } from './fixtures';

export interface RenderAppOptions {
  /** Start with a stored session (as after a reload). */
  signedIn?: boolean;
  token?: string;
  /** The live map's socket; a fake one by default, so no test opens a real connection. */
  createSocket?: SocketFactory;
  /** After the app's own middlewares (e.g. a recorder of every action). */
  extraMiddleware?: Middleware[];
  /** user-event's options (fake timers need `advanceTimers`). */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

export function renderApp(path: string, { signedIn = false, token = demoToken, createSocket = fakeSocketFactory().createSocket, extraMiddleware, userOptions }: RenderAppOptions = {}) {
  const storage = prefixedStorage('flota');
  if (signedIn) storage.write('session', { token, user: demoUser });
  const store = makeStore({ config: { router: 'memory', apiBaseUrl: 'http://localhost/api', devTools: false }, storage, createSocket, extraMiddleware });
  const router = createRouter(store.getState().config, path);
  const user = userEvent.setup(userOptions);
  const view = render(<FlotaApp store={store} router={router} createSocket={createSocket} />);
  return { ...view, store, router, user, storage };
}
