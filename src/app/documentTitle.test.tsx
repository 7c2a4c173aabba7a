import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { fakeSocketFactory } from '../testing/fakeSocket';
import { API } from '../testing/handlers';
import { documentTitleFor } from './documentTitle';
import { mountFlota, type MountedFlota } from './mount';
import { routes } from './routes';

/** Every screen a person can land on (routes with an element or a lazy screen), with its ancestors. */
function screens(list: RouteObject[], ancestors: RouteObject[] = []): RouteObject[][] {
  return list.flatMap((route) => {
    const chain = [...ancestors, route];
    const own = route.path !== '*' && (route.element !== undefined || route.lazy !== undefined) && !route.children ? [chain] : [];
    return [...own, ...screens(route.children ?? [], chain)];
  });
}

let mounted: MountedFlota | undefined;
afterEach(() => {
  act(() => mounted?.unmount());
  mounted = undefined;
  document.title = '';
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the tab names the screen', () => {
  it('every screen has a title of its own, so two tabs never look alike', () => {
    const titles = screens(routes).map((chain) => documentTitleFor(chain));
    expect(titles.length).toBeGreaterThanOrEqual(12);
    expect(titles.filter((title) => title === 'Flota')).toEqual([]);
    expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
    expect(titles).toContain('Despacho · Flota');
    expect(titles).toContain('Mapa en Vivo · Flota');
  });

  it('follows the screen when the app owns its document, and leaves a host page alone otherwise', async () => {
    const user = userEvent.setup();
    const host = document.body.appendChild(document.createElement('div'));
    const sockets = fakeSocketFactory();
    act(() => {
      mounted = mountFlota(host, { apiBaseUrl: API, devTools: false, router: 'memory', documentTitle: true }, { createSocket: sockets.createSocket, initialPath: '/login' });
    });
    expect(document.title).toBe('Ingresar · Flota');
    await user.type(await screen.findByLabelText('RUT'), '12345678');
    await user.type(screen.getByLabelText('Contraseña'), 'flota-demo');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await screen.findByRole('heading', { name: 'Panel de Control' });
    expect(document.title).toBe('Dashboard · Flota');
    await user.click(screen.getByRole('link', { name: 'Despacho' }));
    await screen.findByRole('heading', { name: 'Despacho' });
    expect(document.title).toBe('Despacho · Flota');
    act(() => mounted?.unmount());

    document.title = 'Intranet de la empresa';
    act(() => {
      mounted = mountFlota(host, { apiBaseUrl: API, devTools: false, router: 'memory' }, { createSocket: sockets.createSocket, initialPath: '/login' });
    });
    // The session is remembered: the embedded app opens on its dashboard.
    await screen.findByRole('heading', { name: 'Panel de Control' });
    expect(document.title).toBe('Intranet de la empresa');
  });
});
