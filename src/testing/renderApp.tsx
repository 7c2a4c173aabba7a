/**
 * Renders the whole app (real store, real routes, memory router) at a path, as a user would open
 * it. Only the network is fake (MSW).
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRouter, FlotaApp } from '../app/FlotaApp';
import { makeStore } from '../app/store';
import { prefixedStorage } from '../lib/storage';
import { demoToken, demoUser } from './fixtures';

export interface RenderAppOptions {
  /** Start with a stored session (as after a reload). */
  signedIn?: boolean;
  token?: string;
}

export function renderApp(path: string, { signedIn = false, token = demoToken }: RenderAppOptions = {}) {
  const storage = prefixedStorage('flota');
  if (signedIn) storage.write('session', { token, user: demoUser });
  const store = makeStore({ config: { router: 'memory', apiBaseUrl: 'http://localhost/api', devTools: false }, storage });
  const router = createRouter(store.getState().config, path);
  const user = userEvent.setup();
  const view = render(<FlotaApp store={store} router={router} />);
  return { ...view, store, router, user, storage };
}
