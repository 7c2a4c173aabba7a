import { render, screen, within } from '@testing-library/react';
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

/** A dialog that only shows something: no field, Cerrar, wide, closing on a click beside it. */
function ViewerHarness({ closeOnBackdropClick }: { closeOnBackdropClick?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flota-app">
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open && (
        <Modal title="Recorrido de Ana Soto" subtitle="20/11/2026 22:30 – En curso · GHJK34" onClose={() => setOpen(false)} closeLabel="Cerrar" wide closeOnBackdropClick={closeOnBackdropClick}>
          <p>Sin recorrido registrado</p>
        </Modal>
      )}
    </div>
  );
}

async function openViewer(closeOnBackdropClick?: boolean) {
  const user = userEvent.setup();
  render(<ViewerHarness closeOnBackdropClick={closeOnBackdropClick} />);
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Recorrido de Ana Soto' }) };
}

describe('Modal without fields', () => {
  it('shows its subtitle and a close button with the given name, which gets the focus', async () => {
    const { dialog } = await openViewer();
    expect(within(dialog).getByText('20/11/2026 22:30 – En curso · GHJK34')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toHaveFocus();
  });

  it('is marked wide, for the stylesheet to give it room for a map', async () => {
    const { dialog } = await openViewer();
    expect(dialog).toHaveClass('flota-modal--wide');
  });

  it('closes on a click beside it when asked to, and gives focus back to the opener', async () => {
    const { user, dialog } = await openViewer(true);
    await user.click(within(dialog).getByText('Sin recorrido registrado'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus();
  });

  it('stays open on a click beside it by default', async () => {
    const { user, dialog } = await openViewer();
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
