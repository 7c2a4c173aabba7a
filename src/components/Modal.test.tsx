import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { Modal } from './Modal';

/** An Abrir button that opens the modal made by `modal`, and closes it when the modal asks to. */
function Harness({ modal }: { modal: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flota-app">
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open && modal(() => setOpen(false))}
    </div>
  );
}

async function openHarness(modal: (close: () => void) => ReactNode) {
  const user = userEvent.setup();
  const view = render(<Harness modal={modal} />);
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  return { user, ...view };
}

/** A form dialog: two fields, Cancelar and Guardar. */
const openModal = () =>
  openHarness((close) => (
    <Modal title="Nuevo Conductor" onClose={close} actions={<button type="button">Guardar</button>}>
      <label htmlFor="name">Nombre</label>
      <input id="name" />
      <label htmlFor="last">Apellido</label>
      <input id="last" />
    </Modal>
  ));

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

/** A dialog that only shows something: no field, Cerrar, wide, maybe closing on a click beside it. */
async function openViewer(closeOnBackdropClick?: boolean) {
  const view = await openHarness((close) => (
    <Modal title="Recorrido de Ana Soto" subtitle="20/11/2026 22:30 – En curso · GHJK34" onClose={close} closeLabel="Cerrar" wide closeOnBackdropClick={closeOnBackdropClick}>
      <p>Sin recorrido registrado</p>
    </Modal>
  ));
  return { user: view.user, dialog: screen.getByRole('dialog', { name: 'Recorrido de Ana Soto' }) };
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
