import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DriverDispatchResponse, DriverOffer, DriverTrip } from '../../../../contract/api';
import { API } from '../../../testing/apiEdge';
import { fakeSocketFactory } from '../../../testing/fakeSocket';
import { makeShift } from '../../../testing/fixtures';
import { server } from '../../../testing/mswServer';
import { renderApp } from '../../../testing/renderApp';

const SLOW = { timeout: 10_000 };
const PROFILE = { id: 7, rut: '150000013', first_name: 'Pedro', last_name: 'Rojas', current_vehicle_id: 3, plate_number: 'KXWZ47' };

const trip = (overrides: Partial<DriverTrip> = {}): DriverTrip => ({
  id: 42,
  status: 'ofrecido',
  pickup: { label: 'Ortiz de Rozas 415', latitude: -32.4512, longitude: -71.2318 },
  destination: null,
  passengers: 2,
  notes: 'Silla de ruedas plegable',
  customer_name: null,
  customer_phone: null,
  scheduled_for: null,
  cancel_reason: null,
  updated_at: new Date().toISOString(),
  no_show_in_s: null,
  ...overrides,
});

/**
 * The driver's side of the server: on shift, with `state` as GET /driver/dispatch answers; each
 * action moves it as the server would and records what was asked.
 */
function driverDispatchServer(initial: DriverDispatchResponse) {
  let state = initial;
  const actions: string[] = [];
  const answer = (next: DriverDispatchResponse) => {
    state = next;
    return HttpResponse.json(state);
  };
  server.use(
    http.get(`${API}/driver/me`, () => HttpResponse.json({ driver: PROFILE, shift: makeShift({ id: 99, driver_id: 7, start_time: new Date().toISOString() }) })),
    http.get(`${API}/driver/dispatch`, () => HttpResponse.json(state)),
    http.post(`${API}/driver/locations`, () => HttpResponse.json({ accepted: 0 }, { status: 202 })),
    http.post(`${API}/driver/offers/:id/accept`, ({ params }) => {
      actions.push(`accept ${params.id}`);
      return answer({ availability: 'ocupado', offer: null, trip: trip({ status: 'asignado', customer_name: 'Ana Pérez', customer_phone: '+56912345678' }), fares_enabled: false });
    }),
    http.post(`${API}/driver/offers/:id/decline`, ({ params }) => {
      actions.push(`decline ${params.id}`);
      return answer({ availability: 'libre', offer: null, trip: null, fares_enabled: false });
    }),
    http.post(`${API}/driver/trips/:id/:step`, async ({ params, request }) => {
      // Finalizar's body (the taxímetro's amount) is recorded beside the step when there is one.
      const body = await request.text();
      actions.push(`${params.step} ${params.id}${body ? ` ${body}` : ''}`);
      const next = { arrived: 'en_el_lugar', onboard: 'a_bordo' } as const;
      const step = params.step as string;
      if (step === 'finish' || step === 'no-show') return answer({ availability: 'libre', offer: null, trip: null, fares_enabled: false });
      return answer({ ...state, trip: trip({ status: next[step as keyof typeof next], customer_name: 'Ana Pérez' }) });
    }),
    http.put(`${API}/driver/availability`, async ({ request }) => {
      const { availability } = (await request.json()) as { availability: 'libre' | 'fuera_de_servicio' };
      actions.push(`availability ${availability}`);
      return answer({ ...state, availability });
    }),
  );
  return { actions, setState: (next: DriverDispatchResponse) => (state = next) };
}

/** An offer sent with the server's clock an hour ahead of the phone's: the countdown must not care. */
function offerExpiringIn(seconds: number): DriverOffer {
  const serverNow = Date.now() + 3_600_000;
  return { booking: trip(), expires_at: new Date(serverNow + seconds * 1000).toISOString(), server_time: new Date(serverNow).toISOString(), distance_m: 1250, eta_s: 240 };
}

function signedInDriver(sockets = fakeSocketFactory()) {
  localStorage.setItem('flota:conductor:session', JSON.stringify({ token: 'driver-token', driver: PROFILE }));
  return { ...renderApp('/conductor', { createSocket: sockets.createSocket }), sockets };
}

describe('/conductor dispatch', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: jest.fn(() => true) });
  });

  it('asks the taxímetro amount at Finalizar when the fleet records fares, refuses decimals, and sends whole pesos', async () => {
    const { actions } = driverDispatchServer({ availability: 'ocupado', offer: null, trip: trip({ status: 'a_bordo', customer_name: 'Ana Pérez' }), fares_enabled: true });
    const { user } = signedInDriver();
    const finish = await screen.findByRole('form', { name: 'Finalizar el viaje' }, SLOW);
    const amount = within(finish).getByRole('textbox', { name: 'Monto del taxímetro (opcional)' });
    expect(amount).toHaveAccessibleDescription(/Flota estima la tarifa con la distancia y el tiempo del viaje/);

    await user.type(amount, '4500,5');
    await user.click(within(finish).getByRole('button', { name: 'Finalizar' }));
    expect(await within(finish).findByText('Escribe el monto en pesos enteros, sin decimales (por ejemplo 4.500).')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(actions).toEqual([]);

    await user.clear(amount);
    // Typing again clears the complaint.
    expect(within(finish).queryByText(/sin decimales/)).not.toBeInTheDocument();
    await user.type(amount, '$4.500');
    await user.click(within(finish).getByRole('button', { name: 'Finalizar' }));
    expect(await screen.findByText(/Esperando viajes/)).toBeInTheDocument();
    expect(actions).toEqual(['finish 42 {"fare_pesos":4500}']);
  }, 30_000);

  it('asks once before finishing with the field empty (issue 46), then finishes without an amount (the server estimates)', async () => {
    const { actions } = driverDispatchServer({ availability: 'ocupado', offer: null, trip: trip({ status: 'a_bordo', customer_name: 'Ana Pérez' }), fares_enabled: true });
    const { user } = signedInDriver();
    const finish = await screen.findByRole('form', { name: 'Finalizar el viaje' }, SLOW);
    const amount = within(finish).getByRole('textbox', { name: 'Monto del taxímetro (opcional)' });

    // One tap on an empty field ends nothing: it asks, with the answer under the thumb.
    await user.click(within(finish).getByRole('button', { name: 'Finalizar' }));
    const question = within(finish).getByRole('group', { name: '¿Terminar sin monto? Flota estimará la tarifa' });
    expect(within(question).getByRole('button', { name: 'Terminar sin monto' })).toHaveFocus();
    expect(actions).toEqual([]);

    // "Escribir el monto" goes back to the field; typing there puts Finalizar back.
    await user.click(within(question).getByRole('button', { name: 'Escribir el monto' }));
    expect(amount).toHaveFocus();
    expect(within(finish).queryByRole('group')).not.toBeInTheDocument();
    await user.click(within(finish).getByRole('button', { name: 'Finalizar' }));
    await user.type(amount, '3');
    expect(within(finish).queryByRole('group')).not.toBeInTheDocument();
    await user.clear(amount);

    await user.click(within(finish).getByRole('button', { name: 'Finalizar' }));
    await user.click(within(finish).getByRole('button', { name: 'Terminar sin monto' }));
    expect(await screen.findByText(/Esperando viajes/)).toBeInTheDocument();
    expect(actions).toEqual(['finish 42']);
  }, 30_000);

  it('shows the offer with its countdown (from the server’s clock), buzzes, and Aceptar turns it into the trip', async () => {
    const { actions } = driverDispatchServer({ availability: 'libre', offer: offerExpiringIn(15), trip: null, fares_enabled: false });
    const { user } = signedInDriver();
    const card = await screen.findByRole('alertdialog', { name: 'Nuevo viaje ofrecido' }, SLOW);
    expect(within(card).getByRole('heading', { name: 'Ortiz de Rozas 415' })).toBeInTheDocument();
    expect(card).toHaveTextContent('1,3 km · a 4 min');
    expect(card).toHaveTextContent('2 pasajeros');
    expect(card).toHaveTextContent('Silla de ruedas plegable');
    expect(within(card).getByRole('timer')).toHaveTextContent(/^1[45] s para responder$/);
    // It counts down.
    await within(card).findByText(/^1[23] s para responder$/, {}, { timeout: 4000 });
    expect(navigator.vibrate).toHaveBeenCalledTimes(1);

    await user.click(within(card).getByRole('button', { name: 'Aceptar' }));
    const tripCard = await screen.findByRole('region', { name: 'Tu viaje' });
    expect(actions).toEqual(['accept 42']);
    expect(within(tripCard).getByRole('status')).toHaveTextContent('Viaje asignado: ve a buscar al pasajero');
    expect(within(tripCard).getByRole('link', { name: '+56 9 1234 5678' })).toHaveAttribute('href', 'tel:+56912345678');
    expect(within(tripCard).getByRole('link', { name: 'Abrir navegación' }).getAttribute('href')).toMatch(/^geo:-32\.4512,-71\.2318\?q=/);
    expect(within(tripCard).getByRole('link', { name: 'Waze' })).toHaveAttribute('href', 'https://waze.com/ul?ll=-32.4512,-71.2318&navigate=yes');
    expect(screen.getByText('Ocupado: en un viaje')).toBeInTheDocument();

    await user.click(within(tripCard).getByRole('button', { name: 'Llegué' }));
    await user.click(await screen.findByRole('button', { name: 'Pasajero a bordo' }));
    const finishButton = await screen.findByRole('button', { name: 'Finalizar' });
    // A fleet that records no fares is not asked for one.
    expect(screen.queryByRole('textbox', { name: /taxímetro/ })).not.toBeInTheDocument();
    await user.click(finishButton);
    expect(await screen.findByText(/Esperando viajes/)).toBeInTheDocument();
    expect(actions).toEqual(['accept 42', 'arrived 42', 'onboard 42', 'finish 42']);
  }, 30_000);

  it('Rechazar passes the offer on; a new offer on the socket rings again; the driver switches to Fuera de servicio', async () => {
    const { actions, setState } = driverDispatchServer({ availability: 'libre', offer: offerExpiringIn(20), trip: null, fares_enabled: false });
    const { user, sockets } = signedInDriver();
    const card = await screen.findByRole('alertdialog', { name: 'Nuevo viaje ofrecido' }, SLOW);
    await user.click(within(card).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText(/Esperando viajes/)).toBeInTheDocument();
    expect(actions).toEqual(['decline 42']);

    // The next offer arrives on the driver's socket, authenticated with the driver's token.
    expect(sockets.last.options).toMatchObject({ auth: { token: 'driver-token' } });
    sockets.last.simulateConnect();
    const next = { ...offerExpiringIn(20), booking: trip({ id: 43, pickup: { label: 'Terminal de buses', latitude: -32.452, longitude: -71.226 } }) };
    setState({ availability: 'libre', offer: next, trip: null, fares_enabled: false });
    await act(async () => sockets.last.serverEmit('offer', { offer: next }));
    expect(await screen.findByRole('heading', { name: 'Terminal de buses' })).toBeInTheDocument();
    expect(navigator.vibrate).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    // The switch is disabled while the decline is on its way; a tap then does nothing, as on the phone.
    expect(await screen.findByText(/Esperando viajes/)).toBeInTheDocument();
    const outOfService = screen.getByRole('radio', { name: 'Fuera de servicio' });
    await waitFor(() => expect(outOfService).toBeEnabled());
    await user.click(outOfService);
    // The switch shows what the server answered: wait for it (the radio is there all along, so findBy would not).
    await waitFor(() => expect(outOfService).toHaveAttribute('aria-checked', 'true'));
    expect(actions).toEqual(['decline 42', 'decline 43', 'availability fuera_de_servicio']);
  }, 30_000);

  it('a reading already on its way when the driver switches does not put the old state back: the phone reads again behind it', async () => {
    const { actions } = driverDispatchServer({ availability: 'libre', offer: null, trip: null, fares_enabled: false });
    const { user, sockets } = signedInDriver();
    expect(await screen.findByText(/Esperando viajes/, {}, SLOW)).toBeInTheDocument();
    sockets.last.simulateConnect();
    // The next reading is answered with the state of the moment it reached the server, and held.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    server.use(
      http.get(`${API}/driver/dispatch`, async () => {
        reads += 1;
        const then = { availability: 'libre', offer: null, trip: null, fares_enabled: false };
        if (reads === 1) await held;
        return HttpResponse.json(reads === 1 ? then : { ...then, availability: 'fuera_de_servicio' });
      }),
    );
    await act(async () => sockets.last.serverEmit('offer', { offer: null }));
    await waitFor(() => expect(reads).toBe(1));
    await user.click(screen.getByRole('radio', { name: 'Fuera de servicio' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Fuera de servicio' })).toHaveAttribute('aria-checked', 'true'));
    // The old answer lands after the switch's own; the phone reads once more and shows the server's newest.
    await act(async () => release());
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Fuera de servicio' })).toHaveAttribute('aria-checked', 'true'));
    expect(actions).toEqual(['availability fuera_de_servicio']);
  }, 30_000);

  it('too many changes in a minute: shows the server’s Spanish 429, keeps the step and sends it again when the server says', async () => {
    const { actions } = driverDispatchServer({ availability: 'ocupado', offer: null, trip: trip({ status: 'en_camino', customer_name: 'Ana Pérez' }), fares_enabled: false });
    const tooMany = 'Demasiadas acciones seguidas desde este teléfono. Espera unos segundos e intenta nuevamente.';
    let refusals = 0;
    // The first Llegué meets the per-driver limit (issue 45); once its second is over the step goes through.
    server.use(
      http.post(`${API}/driver/trips/:id/arrived`, () => {
        if (refusals > 0) return undefined;
        refusals += 1;
        return HttpResponse.json({ error: tooMany }, { status: 429, headers: { 'Retry-After': '1' } });
      }),
    );
    const { user } = signedInDriver();
    await user.click(await screen.findByRole('button', { name: 'Llegué' }, SLOW));
    expect(await screen.findByText(tooMany)).toHaveAttribute('role', 'alert');
    // Nobody presses again: the phone sends the step itself, and the trip moves on.
    expect(await screen.findByRole('button', { name: 'Pasajero a bordo' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(tooMany)).not.toBeInTheDocument();
    expect([refusals, actions]).toEqual([1, ['arrived 42']]);
  }, 30_000);

  it('without a connection, a re-read keeps the trip and adds no second "Sin conexión" alert', async () => {
    driverDispatchServer({ availability: 'ocupado', offer: null, trip: trip({ status: 'en_camino', customer_name: 'Ana Pérez' }), fares_enabled: false });
    const { sockets } = signedInDriver();
    expect(await screen.findByRole('button', { name: 'Llegué' }, SLOW)).toBeInTheDocument();
    let asked = 0;
    server.use(
      http.get(`${API}/driver/dispatch`, () => {
        asked += 1;
        return HttpResponse.error();
      }),
    );
    // A re-connect re-reads the state: the request never reaches the server.
    await act(async () => sockets.last.simulateConnect());
    expect(await screen.findByText('Sin señal: tus viajes se actualizan al volver la conexión.', {}, SLOW)).not.toHaveAttribute('role', 'alert');
    expect(asked).toBeGreaterThan(0);
    expect(screen.queryByText('Sin conexión: revisa tu señal de datos.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Llegué' })).toBeInTheDocument();
  }, 30_000);

  it('after a reload the trip in progress comes back from the server, and a desk cancellation is told', async () => {
    const { setState } = driverDispatchServer({ availability: 'ocupado', offer: null, trip: trip({ status: 'en_el_lugar', customer_name: 'Ana Pérez' }), fares_enabled: false });
    const { sockets } = signedInDriver();
    expect(await screen.findByRole('button', { name: 'Pasajero a bordo' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No se presentó' })).toBeInTheDocument();
    sockets.last.simulateConnect();
    setState({ availability: 'libre', offer: null, trip: null, fares_enabled: false });
    await act(async () => sockets.last.serverEmit('trip_changed', { trip: trip({ status: 'cancelado', cancel_reason: 'El cliente canceló' }), availability: 'libre' }));
    expect(await screen.findByText('La central canceló el viaje: El cliente canceló.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Pasajero a bordo' })).not.toBeInTheDocument();
  }, 30_000);
  it('"No se presentó" waits out the passenger\'s time with a countdown, then asks before it ends the trip', async () => {
    const { actions, setState } = driverDispatchServer({ availability: 'ocupado', offer: null, trip: trip({ status: 'en_el_lugar', customer_name: 'Ana Pérez', no_show_in_s: 2 }), fares_enabled: false });
    const { sockets } = signedInDriver();
    const waiting = await screen.findByRole('button', { name: /^No se presentó · 0:0[12]$/ }, SLOW);
    expect(waiting).toBeDisabled();
    // The server now says the wait is over (a re-read, as a socket event would bring).
    setState({ availability: 'ocupado', offer: null, trip: trip({ status: 'en_el_lugar', customer_name: 'Ana Pérez', no_show_in_s: 0, updated_at: new Date(Date.now() + 1).toISOString() }), fares_enabled: false });
    await act(async () => sockets.last.serverEmit('trip_changed', { trip: trip({ status: 'en_el_lugar', customer_name: 'Ana Pérez', no_show_in_s: 0, updated_at: new Date(Date.now() + 1).toISOString() }), availability: 'ocupado' }));
    const noShow = await screen.findByRole('button', { name: 'No se presentó' }, SLOW);
    expect(noShow).toBeEnabled();

    // One tap only asks; "Volver" keeps the trip; the second answer ends it.
    act(() => noShow.click());
    const question = screen.getByRole('group', { name: '¿El pasajero no se presentó? El viaje termina y quedas libre.' });
    expect(within(question).getByRole('button', { name: 'Sí, no se presentó' })).toHaveFocus();
    act(() => within(question).getByRole('button', { name: 'Volver' }).click());
    expect(actions).toEqual([]);
    expect(screen.getByRole('button', { name: 'No se presentó' })).toHaveFocus();
    act(() => screen.getByRole('button', { name: 'No se presentó' }).click());
    act(() => screen.getByRole('button', { name: 'Sí, no se presentó' }).click());
    await screen.findByText(/Esperando viajes/, {}, SLOW);
    expect(actions).toEqual(['no-show 42']);
  }, 30_000);

  it('an offer missed while the server’s database was away shows once the server says resync', async () => {
    const { setState } = driverDispatchServer({ availability: 'libre', offer: null, trip: null, fares_enabled: false });
    const { sockets } = signedInDriver();
    expect(await screen.findByText(/Libre/, undefined, SLOW)).toBeInTheDocument();
    sockets.last.simulateConnect();
    // Let the connect's own re-read finish first: only the resync may bring the offer (the poll is 15 s away).
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    // The offer was made on another process while the processes' channel was down: no offer event came.
    setState({ availability: 'libre', offer: offerExpiringIn(20), trip: null, fares_enabled: false });
    await act(async () => sockets.last.serverEmit('resync', {}));
    expect(await screen.findByRole('button', { name: 'Aceptar' }, { timeout: 3000 })).toBeInTheDocument();
  }, 30_000);
});
