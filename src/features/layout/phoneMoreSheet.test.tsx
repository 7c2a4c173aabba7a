/**
 * The phone's bottom bar (issue 46, item 3): four screens with their labels and "Más", which opens
 * the other screens the role may open; choosing one goes there and closes the sheet, as Escape does.
 * Which items the bar shows at 390 px is CSS (layout.css): the screenshots show it, jsdom cannot.
 */
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

async function openDesk(path = '/dashboard') {
  const view = renderApp(path, { signedIn: true });
  const nav = await screen.findByRole('navigation', { name: 'Navegación principal' }, SLOW);
  return { ...view, more: within(nav).getByRole('button', { name: 'Más' }) };
}

describe('the phone bar\'s "Más"', () => {
  it('shows "Mapa" where "Mapa en Vivo" does not fit, and the link keeps its full name', async () => {
    await openDesk();
    const map = within(screen.getByRole('navigation', { name: 'Navegación principal' })).getByRole('link', { name: 'Mapa en Vivo' });
    expect(within(map).getByText('Mapa')).toBeInTheDocument();
  });

  it('is closed at first, and opens the owner\'s other screens with their names', async () => {
    const { user, more } = await openDesk();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Más secciones' })).toBeNull();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const sheet = screen.getByRole('navigation', { name: 'Más secciones' });
    expect(within(sheet).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Conductores',
      'Vehículos',
      'Vencimientos',
      'Zonas',
      'Historial',
      'Mantención',
      'Cuentas',
      'Reportes',
      'Actividad',
      'Usuarios',
      'Notificaciones',
      'Ajustes',
    ]);
  });

  it('goes to the screen chosen and closes', async () => {
    const { user, more, router } = await openDesk();
    await user.click(more);
    await user.click(within(screen.getByRole('navigation', { name: 'Más secciones' })).getByRole('link', { name: 'Reportes' }));
    expect(router.state.location.pathname).toBe('/dashboard/reports');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Más secciones' })).toBeNull();
  });

  it('closes with Escape', async () => {
    const { user, more } = await openDesk();
    await user.click(more);
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Más secciones' })).toBeNull();
  });
});
