import { createRoot } from 'react-dom/client';
import type { RuntimeConfig } from './config';
import { createRouter, FlotaApp } from './FlotaApp';
import { makeStore } from './store';

export interface MountedFlota {
  unmount(): void;
}

/** Renders Flota into any element; unmount() leaves nothing behind. */
export function mountFlota(element: Element, options: Partial<RuntimeConfig> = {}): MountedFlota {
  const store = makeStore({ config: options });
  const router = createRouter(store.getState().config);
  const root = createRoot(element);
  root.render(<FlotaApp store={store} router={router} />);
  return {
    unmount() {
      root.unmount();
      router.dispose();
    },
  };
}
