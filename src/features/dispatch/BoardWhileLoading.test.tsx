/**
 * No booking change is lost to a loading board (issue 45): the driver accepts while Despacho's first
 * request for the board is on its way, and the board, once it answers with what the server read
 * before, still shows the trip En curso; a change made before the desk's socket joined the fleet's
 * room (no event ever reaches it) is read once the socket is in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../../contract/api';
import { API } from '../../testing/apiEdge';
import { fakeSocketFactory } from '../../testing/fakeSocket';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';
import { makeBooking } from './dispatchFixtures';

const SLOW = { timeout: 10_000 };
const OFFER = { driver_id: 7, driver_name: 'Pedro Rojas', vehicle_id: 3, plate_number: 'KXWZ47', expires_at: '2026-11-24T18:00:20.000Z', distance_m: 850, eta_s: 150 };
const offered = makeBooking({ status: 'ofrecido', offer: OFFER });
const accepted = makeBooking({ status: 'en_camino', board: 'en_curso', driver_id: 7, driver_name: 'Pedro Rojas', vehicle_id: 3, plate_number: 'KXWZ47', updated_at: '2026-11-24T18:00:05.000Z' });

/** GET /dispatch/bookings answers `board()` as it is when asked; the first answer waits for `release()`. */
function slowBoard(board: () => Booking[]) {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked: number[] = [];
  server.use(
    http.get(`${API}/dispatch/bookings`, async () => {
      asked.push(asked.length + 1);
      // What the server read when the request arrived, sent once the gate opens.
      const answer = { bookings: board(), closed_not_shown: 0 };
      if (asked.length === 1) await gate;
      return HttpResponse.json(answer);
    }),
  );
  return { release, asked };
}

const column = (name: string) => screen.getByRole('region', { name: 'Tablero de viajes' }).querySelector(`section[aria-labelledby="${screen.getByRole('heading', { name: new RegExp(`^${name}`) }).id}"]`) as HTMLElement;

describe('Despacho’s board while it loads', () => {
  it('keeps an acceptance heard while the first board request is on its way: En curso, not "esperando respuesta"', async () => {
    let now = [offered];
    const sockets = fakeSocketFactory();
    // The desk's socket is in the fleet's room before the board is asked for (the layout holds it
    // from the first screen); then the dispatcher opens Despacho.
    const { router } = renderApp('/dashboard/vehicles', { signedIn: true, createSocket: sockets.createSocket });
    await screen.findByRole('heading', { name: 'Vehículos' }, SLOW);
    sockets.last.simulateConnect();
    const board = slowBoard(() => now);
    await router.navigate('/dashboard/dispatch');
    await waitFor(() => expect(board.asked).toEqual([1]), SLOW);

    // The driver accepts; the desk hears it while the board's answer (read before) is still coming.
    now = [accepted];
    sockets.last.serverEmit('booking_changed', { booking: accepted });
    board.release();

    const card = await within(await waitFor(() => column('En curso'), SLOW)).findByRole('button', { name: /#41/ }, SLOW);
    expect(card).toHaveTextContent('En camino');
    expect(card).toHaveTextContent('KXWZ47 · Pedro Rojas');
    expect(within(column('Por asignar')).getByText('Nada por asignar')).toBeInTheDocument();
    expect(screen.queryByText(/esperando respuesta/)).not.toBeInTheDocument();
    // Written into the answer: no second request was needed.
    expect(board.asked).toEqual([1]);
  });

  it('reads the board again once the socket joins, when the board was read before it had: a change in between reached nobody', async () => {
    let now = [offered];
    const board = slowBoard(() => now);
    board.release();
    const sockets = fakeSocketFactory();
    renderApp('/dashboard/dispatch', { signedIn: true, createSocket: sockets.createSocket });
    await waitFor(() => expect(sockets.sockets.length).toBeGreaterThan(0));
    sockets.last.holdJoins = true;
    sockets.last.simulateConnect();
    expect(await within(await waitFor(() => column('Por asignar'), SLOW)).findByRole('button', { name: /#41/ }, SLOW)).toHaveTextContent('Ofrecido');

    // Accepted while the socket was connected but not yet in the fleet's room: no event comes.
    now = [accepted];
    sockets.last.acknowledgeJoins();

    expect(await within(column('En curso')).findByRole('button', { name: /#41/ }, SLOW)).toHaveTextContent('En camino');
    expect(board.asked).toEqual([1, 2]);
  });
});
