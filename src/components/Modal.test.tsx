import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './Modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <div className="flota-app">
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open && (
        <Modal title="Nuevo Conductor" onClose={() => setOpen(false)} actions={<button type="button">Guardar</button>}>
          <label htmlFor="name">Nombre</label>
          <input id="name" />
          <label htmlFor="last">Apellido</label>
          <input id="last" />
        </Modal>
      )}
    </div>
  );
}

async function openModal() {
  const user = userEvent.setup();
  const view = render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  return { user, ...view };
}

describe('Modal', () => {
  it('is a modal dialog named by its title, rendered inside the app root', async () => {
    const { container } = await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Nuevo Conductor' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container.querySelector('.flota-app')).toContainElement(dialog);
  });

  it('puts focus on the first field and keeps Tab and Shift+Tab inside', async () => {
    const { user } = await openModal();
    expect(screen.getByLabelText('Nombre')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Apellido')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Nombre')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const { user } = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus();
  });

  it('closes on Cancelar and gives focus back to the opener', async () => {
    const { user } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus();
  });
});
