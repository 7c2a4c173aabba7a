import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSocketFactory } from '../testing/fakeSocket';
import { API } from '../testing/handlers';
import type { RuntimeConfig } from './config';
import { mountFlota, type MountedFlota, type MountInternals } from './mount';

type Target = Window | Document;
interface Registration {
  target: string;
  type: string;
  listener: EventListenerOrEventListenerObject | null;
  capture: boolean;
  /** user-event (the test's hands) and jsdom's selector engine keep listeners of their own on the document. */
  byTestEnvironment: boolean;
}

const captureOf = (options?: boolean | EventListenerOptions) => (typeof options === 'boolean' ? options : !!options?.capture);

/** Listeners added to window and document and not removed since tracking began. */
function trackGlobalListeners() {
  const active: Registration[] = [];
  const targets: [string, Target][] = [
    ['window', window],
    ['document', document],
  ];
  for (const [name, target] of targets) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    jest.spyOn(target, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      const capture = captureOf(options);
      if (!active.some((entry) => entry.target === name && entry.type === type && entry.listener === listener && entry.capture === capture)) {
        active.push({ target: name, type, listener, capture, byTestEnvironment: /@testing-library[\\/]user-event|nwsapi/.test(new Error().stack ?? '') });
      }
      add(type, listener, options);
    });
    jest.spyOn(target, 'removeEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions) => {
      const capture = captureOf(options);
      const index = active.findIndex((entry) => entry.target === name && entry.type === type && entry.listener === listener && entry.capture === capture);
      if (index >= 0) active.splice(index, 1);
      remove(type, listener, options);
    });
  }
  return { left: () => active.filter((entry) => !entry.byTestEnvironment).map(({ target, type }) => `${target} ${type}`) };
}

function hostElement() {
  const host = document.createElement('section');
  host.id = 'intranet-host';
  document.body.append(host);
  return host;
}

/**
 * Mounts with a fake socket unless the test brings its own: a real socket.io client in jsdom opens a
 * real WebSocket (the first transport tried), which outlived the file and aborted the Jest worker
 * in a later server test (libuv's uv__stream_destroy assertion).
 */
function mount(host: HTMLElement, options: Partial<RuntimeConfig>, internals: MountInternals = { createSocket: fakeSocketFactory().createSocket }): MountedFlota {
  let mounted: MountedFlota | undefined;
  act(() => {
    mounted = mountFlota(host, { apiBaseUrl: API, devTools: false, ...options }, internals);
  });
  return mounted as MountedFlota;
}

async function logIn(host: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  const app = within(host);
  await user.type(await app.findByLabelText('RUT'), '12345678');
  await user.type(app.getByLabelText('Contraseña'), 'flota-demo');
  await user.click(app.getByRole('button', { name: 'Ingresar' }));
  await app.findByRole('heading', { name: 'Panel de Control' });
}

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('mountFlota', () => {
  it('leaves no DOM, listeners, timers or socket behind after a session through several screens', async () => {
    jest.useFakeTimers();
    const listeners = trackGlobalListeners();
    const sockets = fakeSocketFactory();
    const host = hostElement();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    // Hash routing: the router listens to the window.
    const mounted = mount(host, { router: 'hash' }, { createSocket: sockets.createSocket });
    const app = within(host);
    await logIn(host, user);

    // Conductores: a delete button waiting for its confirmation holds a timer.
    await user.click(app.getByRole('link', { name: 'Conductores' }));
    await user.click(await app.findByRole('button', { name: 'Eliminar Juan Pérez' }));
    expect(app.getByRole('button', { name: 'Confirmar eliminación de Juan Pérez' })).toBeInTheDocument();

    // Mapa en Vivo: a socket, a clock ticking, and a location waiting for the next flush.
    await user.click(app.getByRole('link', { name: 'Mapa en Vivo' }));
    await app.findByRole('heading', { name: 'Conductores Activos' });
    const socket = sockets.last;
    act(() => socket.simulateConnect());
    // Joining the fleet's room reads again what was read before it; those answers come back first.
    await act(() => jest.advanceTimersByTimeAsync(50));
    act(() => socket.serverEmit('location_update', { shift_id: 1, latitude: -32.45, longitude: -71.22, timestamp: new Date().toISOString() }));
    expect(jest.getTimerCount()).toBeGreaterThan(0);
    expect(window.location.hash).toBe('#/dashboard/map');

    act(() => mounted.unmount());

    expect(host).toBeEmptyDOMElement();
    expect(document.body.children).toHaveLength(1);
    expect(jest.getTimerCount()).toBe(0);
    expect(socket.disconnectCalls).toBe(1);
    expect(socket.listenerCount).toBe(0);
    // React marks the document and adds one selectionchange listener the first time any root
    // renders in it, never again; everything else must be gone.
    expect(listeners.left().filter((entry) => entry !== 'document selectionchange')).toEqual([]);
  });

  it('mounts again after an unmount, with nothing left over from the first mount', async () => {
    const host = hostElement();
    const first = mount(host, { router: 'memory' });
    expect(await within(host).findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    act(() => first.unmount());

    const listeners = trackGlobalListeners();
    const second = mount(host, { router: 'hash' });
    expect(await within(host).findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    act(() => second.unmount());
    act(() => second.unmount()); // twice is harmless
    expect(host).toBeEmptyDOMElement();
    expect(listeners.left()).toEqual([]);
  });

  it('runs two apps side by side, each with its own session', async () => {
    const left = hostElement();
    const right = hostElement();
    const user = userEvent.setup();
    const a = mount(left, { router: 'memory', storagePrefix: 'left' });
    const b = mount(right, { router: 'memory', storagePrefix: 'right' });

    // Each app's labels point at its own inputs, not at the first app's.
    expect(right).toContainElement(await within(right).findByLabelText('RUT'));
    await logIn(left, user);
    expect(within(right).getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(localStorage.getItem('left:session')).not.toBeNull();
    expect(localStorage.getItem('right:session')).toBeNull();

    act(() => a.unmount());
    expect(left).toBeEmptyDOMElement();
    expect(within(right).getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    act(() => b.unmount());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
