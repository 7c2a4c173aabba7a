/** Claro / Oscuro / Sistema: data-theme on the app root, remembered per signed-in user. */
import { screen, waitFor } from '@testing-library/react';
import { makeStore } from './store';
import { prefixedStorage } from '../lib/storage';
import { renderApp } from '../testing/renderApp';
import { selectColorScheme } from '../components/theme/themeSlice';

const appRoot = (element: HTMLElement) => element.closest('.flota-app') as HTMLElement;

describe('theme', () => {
  it('follows the system by default, and Oscuro turns the app dark and is remembered for this user', async () => {
    const { user, storage, unmount } = renderApp('/dashboard', { signedIn: true });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Panel de Control' });
    expect(appRoot(heading)).toHaveAttribute('data-theme', 'light');
    expect(screen.getByRole('button', { name: 'Sistema' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Oscuro' }));
    expect(appRoot(heading)).toHaveAttribute('data-theme', 'dark');
    expect(screen.getByRole('button', { name: 'Oscuro' })).toHaveAttribute('aria-pressed', 'true');
    expect(storage.read('theme:1')).toBe('dark');
    unmount();

    // A reload: the same user starts dark at once, under the store's storage prefix.
    expect(localStorage.getItem('flota:theme:1')).toBe('"dark"');
    renderApp('/dashboard', { signedIn: true });
    expect(appRoot(await screen.findByRole('heading', { level: 1, name: 'Panel de Control' }))).toHaveAttribute('data-theme', 'dark');
  });

  it('a user who chose Oscuro starts dark; signing out goes back to the system setting', async () => {
    prefixedStorage('flota').write('theme:1', 'dark');
    const { user } = renderApp('/dashboard', { signedIn: true });
    expect(appRoot(await screen.findByRole('heading', { level: 1, name: 'Panel de Control' }))).toHaveAttribute('data-theme', 'dark');
    await user.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));
    const login = await screen.findByRole('main');
    await waitFor(() => expect(appRoot(login)).toHaveAttribute('data-theme', 'light'));
  });

  it("another user's choice is not this user's", async () => {
    prefixedStorage('flota').write('theme:2', 'dark');
    renderApp('/dashboard', { signedIn: true });
    expect(appRoot(await screen.findByRole('heading', { level: 1, name: 'Panel de Control' }))).toHaveAttribute('data-theme', 'light');
  });

  it('Sistema follows the browser setting (prefers-color-scheme), read when the store is made', () => {
    const matchMedia = jest.fn().mockReturnValue({ matches: true, addEventListener: jest.fn(), removeEventListener: jest.fn() });
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      const store = makeStore({ config: { devTools: false }, storage: prefixedStorage('flota-system') });
      expect(selectColorScheme(store.getState())).toBe('dark');
      expect(matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});
