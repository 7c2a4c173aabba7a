/** The intranet entry: one global, and <flota-app>. Nothing of the app is imported before the test loads the entry. */
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

async function loadEmbed() {
  await jest.isolateModulesAsync(async () => {
    await import('./embed');
  });
}

afterEach(() => document.body.replaceChildren());

// The entry is loaded in isolation, with React copies of its own that Testing Library's act() cannot
// drive. Like a host page, the test lets React render on its own and waits for what appears.
const actGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const { eventWrapper, asyncWrapper } = getConfig();
beforeEach(() => {
  actGlobal.IS_REACT_ACT_ENVIRONMENT = false;
  configure({ eventWrapper: (dispatch) => dispatch(), asyncWrapper: (run) => run() });
});
afterEach(() => {
  actGlobal.IS_REACT_ACT_ENVIRONMENT = true;
  configure({ eventWrapper, asyncWrapper });
});

describe('the embed entry', () => {
  it('adds exactly one global, Flota, with mount and version', async () => {
    const before = new Set(Object.getOwnPropertyNames(window));
    await loadEmbed();
    const added = Object.getOwnPropertyNames(window).filter((name) => !before.has(name));
    expect(added).toEqual(['Flota']);
    expect(typeof window.Flota.mount).toBe('function');
    expect(window.Flota.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('loading the script twice keeps the first Flota and the first <flota-app>', async () => {
    await loadEmbed();
    const { Flota } = window;
    const element = customElements.get('flota-app');
    await loadEmbed();
    expect(window.Flota).toBe(Flota);
    expect(customElements.get('flota-app')).toBe(element);
  });

  it('Flota.mount renders into the element and unmount() empties it', async () => {
    await loadEmbed();
    const host = document.createElement('div');
    document.body.append(host);
    const app = window.Flota.mount(host, { router: 'memory', apiBaseUrl: 'http://localhost/api', devTools: false });
    expect(await within(host).findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(host.querySelector('.flota-app')).not.toBeNull();
    app.unmount();
    expect(host).toBeEmptyDOMElement();
  });

  it('warns about an option it cannot use and mounts with the default', async () => {
    await loadEmbed();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const host = document.createElement('div');
    document.body.append(host);
    const app = window.Flota.mount(host, { router: 'pushstate' as never, apiBaseUrl: 'http://localhost/api', devTools: false });
    expect(warn).toHaveBeenCalledWith('Flota: router must be one of browser, hash, memory (using hash)');
    expect(await within(host).findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/login');
    app.unmount();
    window.history.replaceState(null, '', '/');
    warn.mockRestore();
  });

  it('<flota-app> shows the login screen when added and unmounts when removed', async () => {
    await loadEmbed();
    const element = document.createElement('flota-app');
    element.setAttribute('router', 'memory');
    element.setAttribute('api-base-url', 'http://localhost/api');
    element.setAttribute('devtools', 'off');
    document.body.append(element);
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(element.querySelector('.flota-app')).not.toBeNull();

    element.remove();
    expect(element).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Ingresar' })).not.toBeInTheDocument();
  });

  it('<flota-app> mounts afresh when an attribute changes', async () => {
    await loadEmbed();
    document.body.innerHTML = '<flota-app router="memory" api-base-url="http://nowhere.test/api" devtools="off"></flota-app>';
    const element = document.querySelector('flota-app') as HTMLElement;
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    element.setAttribute('api-base-url', 'http://localhost/api');
    await user.type(await screen.findByLabelText('RUT'), '12345678');
    await user.type(screen.getByLabelText('Contraseña'), 'flota-demo');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('heading', { name: 'Panel de Control' })).toBeInTheDocument();
    expect(element.querySelectorAll('.flota-app')).toHaveLength(1);
    element.remove();
    await waitFor(() => expect(element).toBeEmptyDOMElement());
  });
});
