/** Keyboard users: the skip link first, focus on the new screen's title, and after a delete. */
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../testing/renderApp';
import { setFleet } from '../testing/fakeFleet';
import { makeDriver } from '../testing/fixtures';

describe('keyboard focus', () => {
  it('the first Tab reaches Saltar al contenido, which moves focus to the content', async () => {
    const { user } = renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Panel de Control' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The next Tab is in the content, not in the sidebar.
    await user.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });

  it('moving to another screen puts focus on its heading', async () => {
    const { user } = renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Panel de Control' });
    await user.click(screen.getByRole('link', { name: 'Vehículos' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Vehículos' })).toHaveFocus());
    await user.click(screen.getByRole('link', { name: 'Historial' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Historial de Turnos' })).toHaveFocus());
  });

  /** Opens the drivers screen and deletes `name`'s card with its two clicks. */
  async function deleteDriverCard(name: string) {
    const { user } = renderApp('/dashboard/drivers', { signedIn: true });
    const card = (await screen.findByRole('heading', { level: 2, name })).closest('li') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: `Eliminar ${name}` }));
    await user.click(within(card).getByRole('button', { name: `Confirmar eliminación de ${name}` }));
  }

  it('after a delete, focus goes to the next card', async () => {
    await deleteDriverCard('Juan Pérez');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Ana Soto' })).toHaveFocus());
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Juan Pérez' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'Ana Soto' })).toHaveFocus();
  });

  it('after deleting the last card of the grid, focus goes to the one before', async () => {
    await deleteDriverCard('Ana Soto');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Juan Pérez' })).toHaveFocus());
  });

  it('after deleting the only card, focus goes to the page title', async () => {
    const { plate_number: _plate, ...juan } = makeDriver({ current_vehicle_id: null });
    setFleet({ drivers: [juan] });
    await deleteDriverCard('Juan Pérez');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Conductores' })).toHaveFocus());
    expect(await screen.findByText('No hay conductores registrados')).toBeInTheDocument();
  });
});
