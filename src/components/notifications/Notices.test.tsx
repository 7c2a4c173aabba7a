import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/renderApp';
import { noticeShown } from './notificationsSlice';
import { NOTICE_DURATION_MS } from './Notices';

describe('notices', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a success notice goes by itself; an error stays until it is dismissed', async () => {
    const { store } = renderApp('/login');
    act(() => {
      store.dispatch(noticeShown('success', 'Conductor eliminado correctamente'));
      store.dispatch(noticeShown('error', 'Error al eliminar conductor'));
    });
    expect(screen.getAllByRole('alert')).toHaveLength(2);

    act(() => jest.advanceTimersByTime(NOTICE_DURATION_MS * 10));
    expect(screen.queryByText('Conductor eliminado correctamente')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error al eliminar conductor');

    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
