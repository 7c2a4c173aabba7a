import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking, BookingCreateInput } from '../../../contract/api';
import { API } from '../../testing/apiEdge';
import { fakeSocketFactory } from '../../testing/fakeSocket';
import type { TaxiMarkerCollection } from '../../lib/map/taxiFeatures';
import { server } from '../../testing/mswServer';
import { mapStandIn } from '../../testing/reactMapGlStandIn';
import { renderApp } from '../../testing/renderApp';
import { makeBooking, makeCandidate, makeCustomer } from './dispatchFixtures';
import { makeShift } from '../../testing/fixtures';

const SLOW = { timeout: 10_000 };
const TERMINAL = { id: 1, name: 'Terminal de buses', address: 'Papudo 451', aliases: ['el terminal'], latitude: -32.452, longitude: -71.226 };

/** The dispatch API as the server answers it, with the bookings it holds and what it was sent. */
function dispatchServer({
  bookings = [] as Booking[],
  closedNotShown = 0,
  assign = () => HttpResponse.json({ booking: makeBooking({ status: 'asignado', board: 'en_curso' }) }) as Response,
  offerRefused = null as string | null,
} = {}) {
  const created: BookingCreateInput[] = [];
  const offered: number[] = [];
  /** Requests to create a booking: "Crear y ofrecer" is one, never a create then an offer. */
  const requests: string[] = [];
  const suggested: string[] = [];
  server.use(
    http.get(`${API}/dispatch/bookings`, () => HttpResponse.json({ bookings, closed_not_shown: closedNotShown })),
    http.get(`${API}/dispatch/places`, () => HttpResponse.json({ places: [TERMINAL] })),
    http.get(`${API}/dispatch/pickup-suggestions`, ({ request }) => {
      const query = new URL(request.url).searchParams.get('query') ?? '';
      suggested.push(query);
      const used = { label: 'Ortiz de Rozas 550', latitude: -32.4497, longitude: -71.2301, source: 'usada', detail: 'Usada 2 veces' };
      return HttpResponse.json({ suggestions: /ort/i.test(query) ? [used] : [], geocoder: false });
    }),
    http.get(`${API}/dispatch/candidates`, () => HttpResponse.json({ candidates: [makeCandidate(), makeCandidate({ driver_id: 8, driver_name: 'Luis Soto', plate_number: 'BBCL21', distance_m: 2300, eta_s: 420 })] })),
    http.get(`${API}/customers/by-phone/:phone`, ({ params }) =>
      params.phone === '+56912345678' ? HttpResponse.json({ customer: makeCustomer() }) : HttpResponse.json({ error: 'Cliente no encontrado' }, { status: 404 }),
    ),
    http.post(`${API}/dispatch/bookings/create-and-offer`, async ({ request }) => {
      const body = (await request.json()) as BookingCreateInput;
      created.push(body);
      requests.push('create-and-offer');
      const booking = makeBooking({ id: 42, customer_name: body.customer_name ?? null, notes: body.notes ?? null, status: offerRefused ? 'pendiente' : 'ofrecido' });
      if (!offerRefused) offered.push(42);
      bookings.unshift(booking);
      return HttpResponse.json({ booking, offer_refused: offerRefused }, { status: 201 });
    }),
    http.post(`${API}/dispatch/bookings`, async ({ request }) => {
      const body = (await request.json()) as BookingCreateInput;
      created.push(body);
      requests.push('create');
      const booking = makeBooking({ id: 42, customer_name: body.customer_name ?? null, notes: body.notes ?? null });
      bookings.unshift(booking);
      return HttpResponse.json({ booking }, { status: 201 });
    }),
    http.post(`${API}/dispatch/bookings/:id/offer`, ({ params }) => {
      offered.push(Number(params.id));
      requests.push('offer');
      return HttpResponse.json({ booking: makeBooking({ id: Number(params.id), status: 'ofrecido' }) });
    }),
    http.post(`${API}/dispatch/bookings/:id/assign`, () => assign()),
  );
  return { created, offered, suggested, requests };
}

const column = (name: string) => screen.getByRole('region', { name: 'Tablero de viajes' }).querySelector(`section[aria-labelledby="${screen.getByRole('heading', { name: new RegExp(`^${name}`) }).id}"]`) as HTMLElement;

describe('Despacho', () => {
  it('takes a known caller’s booking with the keyboard alone: number, Enter, and it is offered', async () => {
    const { created, offered, requests } = dispatchServer();
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    const phone = await screen.findByLabelText('Teléfono', {}, SLOW);
    await waitFor(() => expect(phone).toHaveFocus());
    await user.keyboard('9 1234 5678');
    // The known number fills the name, the notes and the last pickup.
    expect(await screen.findByText('Cliente conocido: Ana Pérez · 3 viajes', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Ana Pérez');
    expect(screen.getByLabelText('Recogida')).toHaveValue('Ortiz de Rozas 415');
    expect(screen.getByLabelText('Notas')).toHaveValue('Silla de ruedas plegable');
    // Tab order follows the call: phone, name, pickup.
    await user.tab();
    expect(screen.getByLabelText('Nombre')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Recogida')).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Reserva #42 creada y ofrecida al taxi libre más cercano', {}, SLOW)).toBeInTheDocument();
    expect(created).toEqual([
      {
        customer_phone: '+56912345678',
        customer_name: 'Ana Pérez',
        pickup: { label: 'Ortiz de Rozas 415', latitude: -32.4512, longitude: -71.2318 },
        destination: null,
        passengers: 1,
        notes: 'Silla de ruedas plegable',
        scheduled_for: null,
      },
    ]);
    expect(offered).toEqual([42]);
    // One round trip: "Crear y ofrecer" is one request.
    expect(requests).toEqual(['create-and-offer']);
    // Ready for the next call.
    expect(screen.getByLabelText('Teléfono')).toHaveValue('');
    expect(screen.getByLabelText('Teléfono')).toHaveFocus();
  }, 30_000);

  it('books a new caller with the keyboard alone: a few letters of an address the fleet used, ↓, Enter, Enter', async () => {
    const { created, offered, suggested } = dispatchServer();
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Teléfono')).toHaveFocus(), SLOW);
    await user.keyboard('9 5555 1234');
    await user.tab();
    await user.keyboard('Rosa Vera');
    await user.tab();
    await user.keyboard('ortis');
    const list = await screen.findByRole('listbox', { name: 'Sugerencias para la recogida' }, SLOW);
    expect(await within(list).findByRole('option', { name: /Ortiz de Rozas 550/ }, SLOW)).toHaveTextContent('Usada antes · Usada 2 veces');
    expect(suggested).toContain('ortis');
    const field = screen.getByRole('combobox', { name: 'Recogida' });
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', within(list).getByRole('option', { name: /Ortiz de Rozas 550/ }).id);
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('Ortiz de Rozas 550');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Reserva #42 creada y ofrecida al taxi libre más cercano', {}, SLOW)).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ customer_phone: '+56955551234', customer_name: 'Rosa Vera', pickup: { label: 'Ortiz de Rozas 550', latitude: -32.4497, longitude: -71.2301 } })]);
    expect(offered).toEqual([42]);
  }, 30_000);

  it('finds a saved place by another of its names, accents aside, and Escape closes the list', async () => {
    dispatchServer();
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.type(await screen.findByLabelText('Teléfono', {}, SLOW), '9 8765 4321');
    await user.type(screen.getByLabelText('Recogida'), 'El Términal');
    const option = await screen.findByRole('option', { name: /Terminal de buses/ }, SLOW);
    expect(option).toHaveTextContent('Lugar guardado · Papudo 451');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    // Nothing chosen: the field still asks for a choice.
    await user.click(screen.getByRole('button', { name: 'Crear reserva' }));
    expect(await screen.findByText('Elige una dirección de la lista o marca el punto en el mapa')).toBeInTheDocument();
  }, 30_000);

  it('sets the pickup with the keyboard on the map, and keeps the reference typed for it, never coordinates', async () => {
    const { created } = dispatchServer();
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.type(await screen.findByLabelText('Teléfono', {}, SLOW), '9 8765 4321');
    const canvas = (await screen.findByTestId('map', {}, SLOW)).querySelector('canvas') as HTMLCanvasElement;
    canvas.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Punto marcado en el mapa: escribe la dirección o una referencia')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear reserva' }));
    expect(await screen.findByText('Escribe la dirección o una referencia del punto marcado')).toBeInTheDocument();
    expect(created).toEqual([]);
    await user.type(screen.getByLabelText('Recogida'), 'Frente al Copec{Enter}');
    await waitFor(() => expect(created).toHaveLength(1), SLOW);
    // The map's centre (the crosshair), La Ligua by default, named as typed.
    expect(created[0].pickup).toEqual({ label: 'Frente al Copec', latitude: -32.4519, longitude: -71.2264 });
  }, 30_000);

  it('takes a saved place typed before the places list arrived', async () => {
    const { created } = dispatchServer();
    let answerPlaces = () => undefined as void;
    const placesAsked = new Promise<void>((resolve) => {
      answerPlaces = resolve;
    });
    server.use(
      http.get(`${API}/dispatch/places`, async () => {
        await placesAsked;
        return HttpResponse.json({ places: [TERMINAL] });
      }),
    );
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.type(await screen.findByLabelText('Teléfono', {}, SLOW), '9 8765 4321');
    await user.type(screen.getByLabelText('Recogida'), 'Terminal de buses');
    expect(screen.getByText('Escribe y elige de la lista (↓ y Enter), o marca el punto en el mapa')).toBeInTheDocument();
    answerPlaces();
    await waitFor(() => expect(screen.queryByText('Escribe y elige de la lista (↓ y Enter), o marca el punto en el mapa')).not.toBeInTheDocument(), SLOW);
    await user.click(screen.getByRole('button', { name: 'Crear reserva' }));
    await waitFor(() => expect(created).toHaveLength(1), SLOW);
    expect(created[0].pickup).toEqual({ label: 'Terminal de buses', latitude: -32.452, longitude: -71.226 });
  }, 30_000);

  it('says the booking was made and waits on the board when its offering could not start, in the same one request', async () => {
    const { created, offered, requests } = dispatchServer({ offerRefused: 'La reserva cambió mientras tanto: revisa el tablero e intenta nuevamente' });
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.type(await screen.findByLabelText('Teléfono', {}, SLOW), '9 8765 4321');
    await user.type(screen.getByLabelText('Recogida'), 'Terminal de buses');
    await waitFor(() => expect(screen.queryByText('Escribe y elige de la lista (↓ y Enter), o marca el punto en el mapa')).not.toBeInTheDocument(), SLOW);
    await user.click(screen.getByRole('button', { name: 'Crear reserva' }));
    expect(await screen.findByText('La reserva #42 quedó por asignar. La reserva cambió mientras tanto: revisa el tablero e intenta nuevamente', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Reserva #42 creada')).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(offered).toEqual([]);
    expect(requests).toEqual(['create-and-offer']);
  }, 30_000);

  it('refuses a booking without a valid phone or a pickup, in Spanish, and sends nothing', async () => {
    const { created } = dispatchServer();
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.type(await screen.findByLabelText('Teléfono', {}, SLOW), '123');
    await user.type(screen.getByLabelText('Recogida'), 'Calle sin lista{Enter}');
    expect(await screen.findByText('Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678')).toBeInTheDocument();
    expect(screen.getByText('Elige una dirección de la lista o marca el punto en el mapa')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('on a busy day keeps the morning’s pending booking on the board and sums up the finished ones it does not list', async () => {
    const finished = Array.from({ length: 3 }, (_, i) =>
      makeBooking({ id: 900 + i, status: 'finalizado', board: 'finalizados', pickup: { label: `Viaje terminado ${i}`, latitude: -32.45, longitude: -71.25 } }),
    );
    dispatchServer({ bookings: [...finished, makeBooking({ id: 7, created_at: '2026-11-24T11:02:00.000Z' })], closedNotShown: 1240 });
    renderApp('/dashboard/dispatch', { signedIn: true });
    await screen.findByRole('heading', { name: /^Por asignar/ }, SLOW);
    expect(await within(column('Por asignar')).findByRole('button', { name: /#7/ })).toBeInTheDocument();
    const done = column('Finalizados hoy');
    expect(within(done).getByText('y 1.240 más finalizados hoy')).toBeInTheDocument();
    expect(within(done).getAllByRole('button')).toHaveLength(3);
    // The column's count is the day's, not the listed ones'.
    expect(screen.getByRole('heading', { name: /^Finalizados hoy/ })).toHaveTextContent('Finalizados hoy 1.243');
  });

  it('says nothing more under Finalizados hoy when every finished booking is listed', async () => {
    dispatchServer({ bookings: [makeBooking({ id: 900, status: 'finalizado', board: 'finalizados' })] });
    renderApp('/dashboard/dispatch', { signedIn: true });
    await screen.findByRole('heading', { name: /^Finalizados hoy/ }, SLOW);
    expect(await within(column('Finalizados hoy')).findByRole('button', { name: /#900/ })).toBeInTheDocument();
    expect(screen.queryByText(/más finalizados? hoy/)).not.toBeInTheDocument();
  });

  it('moves a booking across the board when another desk or the driver changes it (socket event)', async () => {
    dispatchServer({ bookings: [makeBooking()] });
    const sockets = fakeSocketFactory();
    renderApp('/dashboard/dispatch', { signedIn: true, createSocket: sockets.createSocket });
    await screen.findByRole('heading', { name: /^Por asignar/ }, SLOW);
    expect(await within(column('Por asignar')).findByText('Ortiz de Rozas 415')).toBeInTheDocument();
    sockets.last.simulateConnect();
    sockets.last.serverEmit('booking_changed', { booking: makeBooking({ status: 'a_bordo', board: 'en_curso', driver_id: 7, driver_name: 'Pedro Rojas', plate_number: 'KXWZ47', updated_at: '2026-11-24T18:05:00.000Z' }) });
    expect(await within(column('En curso')).findByText('A bordo')).toBeInTheDocument();
    expect(within(column('En curso')).getByText(/KXWZ47/)).toBeInTheDocument();
    expect(within(column('Por asignar')).getByText('Nada por asignar')).toBeInTheDocument();
    // A payload the contract refuses is not drawn.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    sockets.last.serverEmit('booking_changed', { booking: { id: 41, status: 'volando' } });
    expect(within(column('En curso')).getByText('A bordo')).toBeInTheDocument();
  });

  it('shows a passenger’s web request arriving live under Por asignar, marked web on the card and in its detail', async () => {
    dispatchServer({ bookings: [] });
    const sockets = fakeSocketFactory();
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true, createSocket: sockets.createSocket });
    expect(await within(await waitFor(() => column('Por asignar'), SLOW)).findByText('Nada por asignar', {}, SLOW)).toBeInTheDocument();
    sockets.last.simulateConnect();
    sockets.last.serverEmit('booking_changed', { booking: makeBooking({ id: 77, origin: 'web', customer_name: 'Rosa Web', pickup: { label: 'Ubicación del pasajero (GPS)', latitude: -32.45, longitude: -71.23 } }) });
    const card = await within(column('Por asignar')).findByRole('button', { name: /#77/ });
    expect(card).toHaveTextContent('#77Pendienteorigen web');
    expect(within(column('Por asignar')).queryByRole('button', { name: /#41/ })).not.toBeInTheDocument();
    await user.click(card);
    expect(await screen.findByText(/pedido por la web/)).toBeInTheDocument();
  });

  it('names the driver an offer is waiting on, on the card and beside the map, with the seconds left', async () => {
    const expires = new Date(Date.now() + 15_000).toISOString();
    const offer = { driver_id: 7, driver_name: 'Pedro Rojas', vehicle_id: 3, plate_number: 'KXWZ47', expires_at: expires, distance_m: 850, eta_s: 150 };
    dispatchServer({ bookings: [makeBooking({ status: 'ofrecido', offer, refusals: 3, declined: 1, unanswered: 2 })] });
    const passed: number[] = [];
    const candidateAsks: string[] = [];
    server.use(
      http.post(`${API}/dispatch/bookings/:id/pass`, ({ params }) => {
        passed.push(Number(params.id));
        return HttpResponse.json({ booking: makeBooking({ status: 'ofrecido', offer: { ...offer, driver_id: 8, driver_name: 'Luis Soto' }, refusals: 4, declined: 1, unanswered: 3 }) });
      }),
      http.get(`${API}/dispatch/candidates`, ({ request }) => {
        candidateAsks.push(new URL(request.url).searchParams.get('booking_id') ?? '');
        return HttpResponse.json({ candidates: [makeCandidate({ driver_id: 8, driver_name: 'Luis Soto', plate_number: 'BBCL21' }), makeCandidate({ driver_id: 9, driver_name: 'Rosa Díaz', plate_number: 'CCDF33', offer_unanswered: true })] });
      }),
    );
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    const card = await screen.findByRole('button', { name: /#41/ }, SLOW);
    expect(card).toHaveTextContent('ofrecida a Pedro Rojas · 2 sin respuesta, 1 rechazo');
    await user.click(card);
    // The offer's live status (the tracking settings below the board have a status of their own while loading).
    expect(await screen.findByText((_, node) => node?.getAttribute('role') === 'status' && /^Ofrecida a/.test(node.textContent ?? ''))).toHaveTextContent(
      /^Ofrecida a Pedro Rojas \(KXWZ47\): esperando respuesta · 1?\d s · antes: 2 sin respuesta, 1 rechazo$/,
    );
    // The desk need not wait: another taxi at once, the silent one last and marked.
    const list = await screen.findByRole('list', { name: 'Taxis libres más cercanos' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Rosa DíazCCDF33Dejó esta oferta sin respuesta');
    expect(within(list).getByRole('button', { name: 'Asignar a Luis Soto' })).toBeEnabled();
    expect(candidateAsks).toContain('41');
    await user.click(screen.getByRole('button', { name: 'Pasar al siguiente' }));
    await waitFor(() => expect(passed).toEqual([41]));
  });

  it('shows a finished trip’s fare, saying whether the taxímetro gave it or Flota estimated it', async () => {
    const finished = { status: 'finalizado' as const, board: 'finalizados' as const, driver_id: 7, driver_name: 'Pedro Rojas', plate_number: 'KXWZ47' };
    dispatchServer({ bookings: [makeBooking({ ...finished, id: 41, fare: { pesos: 4350, estimated: false } }), makeBooking({ ...finished, id: 43, fare: { pesos: 12800, estimated: true } })] });
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: /#41/ }, SLOW));
    expect(await screen.findByRole('region', { name: 'Reserva #41' })).toHaveTextContent('Tarifa: $4.350 (taxímetro)');
    await user.click(screen.getByRole('button', { name: /#43/ }));
    expect(await screen.findByRole('region', { name: 'Reserva #43' })).toHaveTextContent('Tarifa: $12.800 (estimada por Flota)');
  });

  it('draws every taxi on shift before any pickup, by availability, and the assigned one coming with its estimate as it moves', async () => {
    const coming = makeBooking({ status: 'en_camino', board: 'en_curso', driver_id: 1, driver_name: 'Juan Pérez', plate_number: 'BCDF12', pickup: { label: 'Plaza', latitude: -32.4519, longitude: -71.2164 } });
    dispatchServer({ bookings: [coming] });
    // The positions the server has (read again, they are the same: the socket brings newer ones).
    const lastFix = new Date().toISOString();
    server.use(
      http.get(`${API}/shifts/active`, () => {
        const shifts = [makeShift({ last_location_time: lastFix }), makeShift({ id: 2, driver_id: 2, latitude: -32.46, longitude: -71.23, last_location_time: lastFix })];
        return HttpResponse.json({ shifts, count: shifts.length });
      }),
      http.get(`${API}/dispatch/availability`, () => HttpResponse.json({ availability: [{ shift_id: 1, driver_id: 1, vehicle_id: 1, availability: 'ocupado' }, { shift_id: 2, driver_id: 2, vehicle_id: 2, availability: 'libre' }] })),
    );
    const sockets = fakeSocketFactory();
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true, createSocket: sockets.createSocket });
    // No pickup yet: the fleet is on the map, each taxi in its availability's colour.
    await waitFor(() => expect((mapStandIn.sources.get('dispatch-fleet') as TaxiMarkerCollection | undefined)?.features.map((taxi) => taxi.properties.availability)).toEqual(['ocupado', 'libre']), SLOW);
    await user.click(await screen.findByRole('button', { name: /#41/ }, SLOW));
    // Juan's taxi is 938 m from the pickup: 938 × 1.4 at 25 km/h ≈ 3 min.
    const tag = await screen.findByRole('status', { name: /^Juan Pérez · BCDF12 en camino a la recogida/ }, SLOW);
    expect(tag).toHaveTextContent('En camino · 3 min · 938 m');
    sockets.last.simulateConnect();
    sockets.last.serverEmit('location_update', { shift_id: 1, latitude: -32.4519, longitude: -71.2194, timestamp: new Date().toISOString() });
    await waitFor(() => expect(screen.getByRole('status', { name: /en camino a la recogida/ })).toHaveTextContent('En camino · 1 min · 281 m'), SLOW);
  });

  it('asks in the page before assigning a taxi kept out by expired documents, and sends the confirmation only then', async () => {
    dispatchServer({ bookings: [makeBooking()] });
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/dispatch/candidates`, () =>
        HttpResponse.json({ candidates: [makeCandidate()], excluded: [{ driver_id: 12, driver_name: 'Marta Díaz', vehicle_id: 5, plate_number: 'KLMN45', reasons: ['SOAP venció el 01/11/2026'] }] }),
      ),
      http.post(`${API}/dispatch/bookings/:id/assign`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ booking: makeBooking({ status: 'asignado', board: 'en_curso' }) });
      }),
    );
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: /#41/ }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Asignar igual a Marta Díaz' }, SLOW));
    const ask = screen.getByRole('group', { name: 'Asignar con documentos vencidos' });
    expect(ask).toHaveTextContent('Marta Díaz tiene documentos vencidos:');
    expect(ask).toHaveTextContent('SOAP venció el 01/11/2026');
    expect(within(ask).getByRole('button', { name: 'Asignar de todos modos' })).toHaveFocus();
    // Volver sends nothing.
    await user.click(within(ask).getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('group', { name: 'Asignar con documentos vencidos' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Asignar igual a Marta Díaz' }));
    await user.click(within(screen.getByRole('group', { name: 'Asignar con documentos vencidos' })).getByRole('button', { name: 'Asignar de todos modos' }));
    await waitFor(() => expect(sent).toEqual([{ driver_id: 12, confirm_expired_documents: true }]));
  });

  it('shows the free taxis ranked with their estimate, and a 409 when another desk took the taxi first', async () => {
    dispatchServer({ bookings: [makeBooking()], assign: () => HttpResponse.json({ error: 'Ese taxi ya tiene un viaje asignado' }, { status: 409 }) });
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: /#41/ }, SLOW));
    const list = await screen.findByRole('list', { name: 'Taxis libres más cercanos' }, SLOW);
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Pedro Rojas'), expect.stringContaining('Luis Soto')]);
    expect(rows[0]).toHaveTextContent('3 min');
    expect(rows[0]).toHaveTextContent('850 m');
    expect(rows[1]).toHaveTextContent('2,3 km');
    // The map draws them numbered with their estimate.
    const pins = screen.getAllByTestId('marker');
    expect(pins.map((pin) => pin.querySelector('.flota-rank-number')?.textContent ?? pin.textContent)).toEqual(['1', '2', 'Recogida']);
    expect(pins.map((pin) => pin.querySelector('.flota-candidate-pin__eta')?.textContent)).toEqual(['3 min', '7 min', undefined]);
    // Each tag stands on its taxi, drawn as every map draws taxis (a free one: yellow).
    const taxis = mapStandIn.sources.get('dispatch-candidates') as TaxiMarkerCollection;
    expect(taxis.features.map((taxi) => [...taxi.geometry.coordinates, taxi.properties.availability])).toEqual(
      pins.slice(0, 2).map((pin) => [...(pin.dataset.lnglat as string).split(',').map(Number), 'libre']),
    );
    await user.click(within(rows[0]).getByRole('button', { name: 'Asignar a Pedro Rojas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese taxi ya tiene un viaje asignado');
  });
});
