import { createRoot } from 'react-dom/client';
import type { PrefixedStorage } from '../lib/storage';
import { api } from './api';
import type { RuntimeConfig } from './config';
import { createRouter, FlotaApp } from './FlotaApp';
import { appUnmounted } from './lifecycle';
import { makeStore } from './store';
import type { SocketFactory } from '../lib/realtime/socketFactory';

export interface MountedFlota {
  unmount(): void;
}

/** What tests give a mount; never part of the public Flota.mount() options. */
export interface MountInternals {
  createSocket?: SocketFactory;
  storage?: PrefixedStorage;
  /** The memory router's first path. */
  initialPath?: string;
}

let mounts = 0;

/**
 * Renders Flota into any element, with a store of its own (several mounts may live side by side);
 * unmount() leaves nothing behind: no DOM, listeners, timers or socket.
 */
export function mountFlota(element: Element, options: Partial<RuntimeConfig> = {}, internals: MountInternals = {}): MountedFlota {
  const store = makeStore({ config: options, createSocket: internals.createSocket, storage: internals.storage });
  const router = createRouter(store.getState().config, internals.initialPath);
  // React keeps its event listeners on the element it renders into, even after unmounting: render
  // into a box of our own and take it away. `display: contents` lets the host lay out the app itself.
  const container = element.ownerDocument.createElement('div');
  container.style.display = 'contents';
  element.append(container);
  mounts += 1;
  // useId values differ between two apps on one page.
  const root = createRoot(container, { identifierPrefix: `flota${mounts}-` });
  root.render(<FlotaApp store={store} router={router} createSocket={internals.createSocket} />);

  let mounted = true;
  return {
    unmount() {
      if (!mounted) return;
      mounted = false;
      // Effects clean up: the map screen closes its socket, notices and clocks clear their timers.
      root.unmount();
      // The router's popstate/hashchange listener.
      router.dispose();
      // Whatever a middleware still holds (the socket), and RTK Query's cache-expiry timers.
      store.dispatch(appUnmounted());
      store.dispatch(api.util.resetApiState());
      container.remove();
    },
  };
}
