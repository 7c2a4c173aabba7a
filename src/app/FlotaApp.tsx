// First of all CSS: the shield against the host page's element rules must lose every tie.
import './hostShield.css';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, createHashRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Notices } from '../components/notifications/Notices';
import { RegisteredStyles } from '../components/RegisteredStyles';
import type { RuntimeConfig } from './config';
import { routes } from './routes';
import { DocumentTitle } from './documentTitle';
import { ThemedRoot } from '../components/theme/ThemedRoot';
import type { AppStore } from './store';
import { SocketFactoryContext, type SocketFactory } from '../lib/realtime/socketFactory';
import { lazySocketIo } from '../lib/realtime/lazySocketIo';
import './theme.css';

/** basePath applies to browser routing; hash routing keeps the app's path in the hash, whatever the page's own URL. */
export function createRouter(config: RuntimeConfig, initialPath?: string) {
  const basename = config.basePath.replace(/\/+$/, '') || '/';
  if (config.router === 'hash') return createHashRouter(routes);
  if (config.router === 'memory') return createMemoryRouter(routes, { initialEntries: [initialPath ?? '/dashboard'] });
  return createBrowserRouter(routes, { basename });
}

export type FlotaRouter = ReturnType<typeof createRouter>;

/** Everything the app needs, under one root element whose class scopes every style. */
export function FlotaApp({ store, router, createSocket }: { store: AppStore; router: FlotaRouter; createSocket?: SocketFactory }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <SocketFactoryContext.Provider value={createSocket ?? lazySocketIo}>
          <RegisteredStyles />
          <ThemedRoot>
            <RouterProvider router={router} />
            <DocumentTitle router={router} enabled={store.getState().config.documentTitle} />
            <Notices open={(to) => void router.navigate(to)} />
          </ThemedRoot>
        </SocketFactoryContext.Provider>
      </Provider>
    </StrictMode>
  );
}
