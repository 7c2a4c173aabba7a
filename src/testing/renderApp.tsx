/**
 * Renders the whole app (real store, real routes, memory router) at a path, as a user would open
 * it. Only the network is fake (MSW).
 */
import type { Middleware } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
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

/** The app's real store for a test, signed in or not, with the fake socket and the tests' API base. */
function makeTestStore({ signedIn = false, token = demoToken, createSocket = fakeSocketFactory().createSocket, extraMiddleware }: RenderAppOptions) {
  const storage = prefixedStorage('flota');
  if (signedIn) storage.write('session', { token, user: demoUser });
  const store = makeStore({ config: { router: 'memory', apiBaseUrl: 'http://localhost/api', devTools: false }, storage, createSocket, extraMiddleware });
  return { store, storage };
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const { createSocket = fakeSocketFactory().createSocket, userOptions } = options;
  const { store, storage } = makeTestStore({ ...options, createSocket });
  const router = createRouter(store.getState().config, path);
  const user = userEvent.setup(userOptions);
  const view = render(<FlotaApp store={store} router={router} createSocket={createSocket} />);
  return { ...view, store, router, user, storage };
}

/**
 * Renders one part of a screen alone, on the app's real store (signed in as the demo owner): for a
 * part another feature's screen composes (Reportes' maintenance costs) or one whose screen needs what
 * jsdom lacks.
 */
export function renderWithStore(ui: ReactNode, options: RenderAppOptions = {}) {
  const { store } = makeTestStore({ signedIn: true, ...options });
  const user = userEvent.setup(options.userOptions);
  const view = render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
  return { ...view, store, user };
}
