import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';

describe('ConfirmDeleteButton', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    const onConfirm = jest.fn();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<ConfirmDeleteButton subject="Juan Pérez" onConfirm={onConfirm} />);
    return { user, onConfirm };
  }

  it('asks for confirmation first, and goes back after 3 seconds without deleting', async () => {
    const { user, onConfirm } = setup();
    await user.click(screen.getByRole('button', { name: 'Eliminar Juan Pérez' }));
    const confirm = screen.getByRole('button', { name: 'Confirmar eliminación de Juan Pérez' });
    expect(confirm).toHaveTextContent('Confirmar');
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('button', { name: 'Confirmar eliminación de Juan Pérez' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Eliminar Juan Pérez' })).toHaveTextContent('Eliminar');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('deletes on a second click within 3 seconds, once', async () => {
    const { user, onConfirm } = setup();
    await user.click(screen.getByRole('button', { name: 'Eliminar Juan Pérez' }));
    act(() => jest.advanceTimersByTime(2500));
    await user.click(screen.getByRole('button', { name: 'Confirmar eliminación de Juan Pérez' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Eliminar Juan Pérez' })).toBeInTheDocument();
  });
});
