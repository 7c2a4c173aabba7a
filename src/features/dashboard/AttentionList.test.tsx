import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../../contract/dispatch';
import type { Shift } from '../../../contract/entities';
import { setFleet, type StoredDriver } from '../../testing/fakeFleet';
import { makeDriver, makeShift } from '../../testing/fixtures';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';
import { fakeSocketFactory } from '../../testing/fakeSocket';

/** The screens are lazy chunks: on a busy machine the first one takes longer than findBy's default second. */
const SLOW = { timeout: 10_000 };

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const inDays = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');

function storedDriver(overrides: Parameters<typeof makeDriver>[0]): StoredDriver {
  const { plate_number: _plate, ...driver } = makeDriver(overrides);
  return driver;
}

function serveShifts(shifts: Shift[]) {
  server.use(http.get(`${API}/shifts/active`, () => HttpResponse.json({ shifts, count: shifts.length })));
}

/** Juan has been silent 10 minutes (the stale threshold is 120 s); Ana is live but on shift without a vehicle. */
function deskWithTrouble() {
  serveShifts([
    makeShift({ id: 11, driver_id: 1, first_name: 'Juan', last_name: 'Pérez', plate_number: 'BCDF12', last_location_time: secondsAgo(10 * 60 + 5) }),
    makeShift({ id: 12, driver_id: 2, vehicle_id: null, first_name: 'Ana', last_name: 'Soto', plate_number: null, last_location_time: secondsAgo(10) }),
  ]);
  setFleet({
    drivers: [
      storedDriver({ id: 1, license_expiry: inDays(10) }),
      storedDriver({ id: 2, rut: '760864285', first_name: 'Ana', last_name: 'Soto', phone: '+56 9 8765 4321', license_number: 'B-1', license_expiry: inDays(-3), current_vehicle_id: null }),
      storedDriver({ id: 3, rut: '111111111', first_name: 'Pedro', last_name: 'Rojas', license_number: 'C-1', license_expiry: inDays(40), current_vehicle_id: null }),
    ],
  });
}

async function attentionItems() {
  const list = await screen.findByRole('list', { name: /Requiere atención/ }, SLOW);
  return within(list).getAllByRole('listitem');
}

describe('Requiere atención', () => {
  it('lists the silent taxi with how long, the shift without a vehicle and the licences, each with its link', async () => {
    deskWithTrouble();
    renderApp('/dashboard', { signedIn: true });
    const items = await attentionItems();
    expect(screen.getByRole('heading', { level: 2, name: 'Requiere atención (4)' })).toBeInTheDocument();
    expect(items.map((item) => item.textContent)).toEqual([
      'Sin señalJuan Pérez · taxi BCDF12: sin señal hace 10 minVer en el mapaLlamar',
      'Sin vehículoAna Soto está en turno sin vehículo asignadoVer conductorLlamar',
      `Licencia vencidaAna Soto: licencia B-1 venció hace 3 días (${dayjs(inDays(-3)).format('DD/MM/YYYY')})Ver conductor`,
      `Licencia vence prontoJuan Pérez: licencia A2-123456 vence en 10 días (${dayjs(inDays(10)).format('DD/MM/YYYY')})Ver conductor`,
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Llamar a Juan Pérez (+56 9 1234 5678)' })).toHaveAttribute('href', 'tel:+56912345678');
    expect(within(items[0]).getByRole('link', { name: 'Ver en el mapa a Juan Pérez' })).toHaveAttribute('href', '/dashboard/map');
    expect(within(items[1]).getByRole('link', { name: 'Ver conductor Ana Soto' })).toHaveAttribute('href', '/dashboard/drivers?conductor=2');
    // The spec's cards and quick actions are still there, above.
    expect(screen.getByRole('group', { name: 'Turnos Activos' })).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Ver Mapa' })).toBeInTheDocument();
  });

  it('puts a booking nobody accepted first, with how long the caller has waited and the way to Despacho', async () => {
    serveShifts([makeShift({ id: 11, last_location_time: secondsAgo(15) })]);
    const base = { origin: 'desk' as const, declined: 0, unanswered: 0, customer_id: 5, customer_phone: '+56987654321', destination: null, passengers: 1, notes: null, scheduled_for: null, driver_id: null, driver_name: null, vehicle_id: null, plate_number: null, offer: null, cancel_reason: null, fare: null, events: [] };
    const bookings: Booking[] = [
      { ...base, id: 7, status: 'pendiente', board: 'por_asignar', needs_attention: true, customer_name: 'Rosa Vera', pickup: { label: 'Ortiz de Rozas 550', latitude: -32.45, longitude: -71.23 }, refusals: 3, unanswered: 2, declined: 1, created_at: secondsAgo(4 * 60), updated_at: secondsAgo(60) },
      { ...base, id: 8, status: 'pendiente', board: 'por_asignar', needs_attention: false, customer_name: 'Luis Soto', pickup: { label: 'Plaza', latitude: -32.45, longitude: -71.23 }, refusals: 0, created_at: secondsAgo(60), updated_at: secondsAgo(60) },
    ];
    server.use(http.get(`${API}/dispatch/bookings`, () => HttpResponse.json({ bookings })));
    renderApp('/dashboard', { signedIn: true });
    const [first, ...rest] = await attentionItems();
    expect(rest).toEqual([]);
    expect(first).toHaveTextContent('Reserva sin taxiReserva #7 de Rosa Vera en Ortiz de Rozas 550: nadie aceptó (2 sin respuesta, 1 rechazo), espera hace 4 minAsignar a manoLlamar');
    expect(within(first).getByRole('link', { name: 'Asignar a mano la reserva #7' })).toHaveAttribute('href', '/dashboard/dispatch');
    expect(within(first).getByRole('link', { name: 'Llamar a Rosa Vera (+56 9 8765 4321)' })).toHaveAttribute('href', 'tel:+56987654321');
  });

  it('shows a booking nobody accepted the moment the server says so (socket), not at the next poll', async () => {
    serveShifts([makeShift({ id: 11, last_location_time: secondsAgo(15) })]);
    const flagged: Booking[] = [];
    server.use(http.get(`${API}/dispatch/bookings`, () => HttpResponse.json({ bookings: flagged, closed_not_shown: 0 })));
    const sockets = fakeSocketFactory();
    renderApp('/dashboard', { signedIn: true, createSocket: sockets.createSocket });
    expect(await screen.findByText(/^Todo en orden/, {}, SLOW)).toBeInTheDocument();
    sockets.last.simulateConnect();
    const booking: Booking = {
      id: 9, status: 'pendiente', origin: 'desk', board: 'por_asignar', needs_attention: true, customer_id: null, customer_phone: '+56987654321', customer_name: 'Rosa Vera',
      pickup: { label: 'Plaza', latitude: -32.45, longitude: -71.23 }, destination: null, passengers: 1, notes: null, scheduled_for: null, driver_id: null, driver_name: null,
      vehicle_id: null, plate_number: null, offer: null, refusals: 2, declined: 0, unanswered: 2, cancel_reason: null, fare: null, created_at: secondsAgo(90), updated_at: secondsAgo(1), events: [],
    };
    flagged.push(booking);
    sockets.last.serverEmit('booking_changed', { booking });
    const [item] = await attentionItems();
    expect(item).toHaveTextContent('Reserva #9 de Rosa Vera en Plaza: nadie aceptó (2 sin respuesta)');
  });

  it('shows nothing of the list until the open alerts have answered too, then the alerts line above the rows at once', async () => {
    deskWithTrouble();
    let answerAlerts = () => {};
    const alertsHeld = new Promise<void>((resolve) => (answerAlerts = resolve));
    let shiftsAnswered = false;
    server.use(
      http.get(`${API}/alerts/summary`, async () => {
        await alertsHeld;
        return HttpResponse.json({ open_count: 2, open_sos: 0, sos_drivers: [] });
      }),
    );
    const onAnswer = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/shifts/active')) shiftsAnswered = true;
    };
    server.events.on('response:mocked', onAnswer);
    renderApp('/dashboard', { signedIn: true });
    const section = await screen.findByRole('region', { name: /^Requiere atención/ }, SLOW);
    await waitFor(() => expect(shiftsAnswered).toBe(true));
    // The rows are known, but drawing them now would let the alerts line push them down when it comes.
    expect(within(section).getByText('Cargando pendientes...')).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    answerAlerts();
    const items = await attentionItems();
    expect(items).toHaveLength(4);
    const alertsLine = within(section).getByRole('link', { name: '2 alertas sin reconocer' });
    expect(alertsLine.compareDocumentPosition(items[0]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(section).queryByText('Cargando pendientes...')).not.toBeInTheDocument();
    server.events.removeListener('response:mocked', onAnswer);
  });

  it('says Todo en orden when nothing needs anyone', async () => {
    serveShifts([makeShift({ id: 11, last_location_time: secondsAgo(15) })]);
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByText('Todo en orden: ninguna reserva sin taxi, taxi sin señal, turno sin vehículo ni licencia por vencer.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Requiere atención' })).toBeInTheDocument();
  });

  it('says a shift that never sent a position has none since it started', async () => {
    serveShifts([makeShift({ id: 11, start_time: secondsAgo(2 * 3600 + 5 * 60), latitude: null, longitude: null, last_location_time: null })]);
    renderApp('/dashboard', { signedIn: true });
    const [item] = await attentionItems();
    expect(item).toHaveTextContent('Juan Pérez · taxi BCDF12: sin posición desde que inició el turno, hace 2 h 5 min');
  });

  it('says it could not check, with Reintentar, when the shifts fail to load', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/shifts/active`, () => (fail ? HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }) : HttpResponse.json({ shifts: [], count: 0 }))),
    );
    const { user } = renderApp('/dashboard', { signedIn: true });
    const failure = (await screen.findByText('No se pudo revisar qué requiere atención.', {}, SLOW)).parentElement as HTMLElement;
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/^Todo en orden/)).toBeInTheDocument();
  });

  it('Ver en el mapa opens the live map on that taxi, whose popup offers the driver’s phone', async () => {
    deskWithTrouble();
    const { user, router, store } = renderApp('/dashboard', { signedIn: true });
    const [silent] = await attentionItems();
    await user.click(within(silent).getByRole('link', { name: 'Ver en el mapa a Juan Pérez' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mapa en Vivo' }, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/map');
    expect(store.getState().liveMap.selectedShiftId).toBe(11);
    const popup = await screen.findByTestId('popup');
    expect(within(popup).getByText(/Juan Pérez/)).toBeInTheDocument();
    expect(await within(popup).findByRole('link', { name: 'Llamar a Juan Pérez: +56 9 1234 5678' })).toHaveAttribute('href', 'tel:+56912345678');
  });

  it('Ver conductor opens Conductores on that driver’s card, focused and marked', async () => {
    deskWithTrouble();
    const { user, router } = renderApp('/dashboard', { signedIn: true });
    const items = await attentionItems();
    await user.click(within(items[2]).getByRole('link', { name: 'Ver conductor Ana Soto' }));
    const title = await screen.findByRole('heading', { level: 2, name: 'Ana Soto' }, SLOW);
    expect(router.state.location.search).toBe('?conductor=2');
    expect(title.closest('li')).toHaveClass('flota-card--highlight');
    expect(title).toHaveFocus();
  });
  it('counts in its heading every row it shows: its own, the documents and the drivers behind on their account', async () => {
    deskWithTrouble();
    server.use(
      http.get(`${API}/expiries`, () =>
        HttpResponse.json({
          today: inDays(0),
          window_days: 60,
          expiries: [
            { subject: 'vehicle', vehicle_id: 5, driver_id: null, name: 'PLST87', kind: 'soap', label: 'SOAP', document_id: 41, number: 'S-1', expires_on: inDays(-5), days_left: -5, status: 'vencido', required: true, has_file: false },
            { subject: 'vehicle', vehicle_id: 6, driver_id: null, name: 'FHFW74', kind: 'revision_tecnica', label: 'Revisión técnica', document_id: 42, number: 'RT-1', expires_on: inDays(12), days_left: 12, status: 'por_vencer', required: true, has_file: false },
          ],
          retirements: [],
        }),
      ),
      http.get(`${API}/accounts/balances`, () =>
        HttpResponse.json({ balances: [{ driver_id: 3, first_name: 'Pedro', last_name: 'Rojas', balance: 140_000, days_behind: 9, terms: null }], total_owed: 140_000, behind_days_alert: 3 }),
      ),
    );
    renderApp('/dashboard', { signedIn: true });
    const section = (await screen.findByRole('heading', { level: 2, name: /^Requiere atención/ }, SLOW)).closest('section') as HTMLElement;
    await within(section).findByRole('list', { name: 'Conductores con atraso en su cuenta' }, SLOW);
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(7);
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(`Requiere atención (${rows.length})`);
    expect(rows.at(-1)).toHaveTextContent('Cuenta atrasadaPedro Rojas: 9 días de atraso, debe $140.000Ver cuenta');
  });
});
