/**
 * The shift and the trips on the driver's phone in the states a driver meets: the shift loading and
 * failing (Reintentar), positions kept across a reload and drained by the store, positions the
 * server refuses, a shift ended elsewhere, Terminar turno refused while positions wait without
 * signal; the trips loading, failing, and an Aceptar the server refuses.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../testing/apiEdge';
import { DRIVER_PROFILE, fakeDriverServer, makeOffer } from '../../testing/fakeDriverServer';
import { makeShift } from '../../testing/fixtures';
import { fakeGeolocation } from '../../testing/fakeGeolocation';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };
const onShift = () => makeShift({ id: 99, driver_id: 7, start_time: new Date(Date.now() - 60_000).toISOString() });
/** A fix some seconds after now (after the shift started: older, cached fixes are ignored). */
const fixAt = (seconds: number) => Date.now() + seconds * 1000;

function openPhone() {
  localStorage.setItem('flota:conductor:session', JSON.stringify({ token: 'driver-token', driver: DRIVER_PROFILE }));
  return renderApp('/conductor');
}

const waiting = () => screen.getByText('Posiciones por enviar').nextElementSibling as HTMLElement;

describe('the shift on the phone', () => {
  it('says it is loading the shift; without signal says so, and Reintentar loads it', async () => {
    const phone = fakeDriverServer();
    let answer = () => undefined as void;
    server.use(http.get(`${API}/driver/me`, () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.error())))));
    const { user } = openPhone();
    expect(await screen.findByText('Cargando tu turno...', {}, SLOW)).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Sin conexión: revisa tu señal de datos.', { selector: '[role="alert"]' }, SLOW)).toBeInTheDocument();
    server.use(http.get(`${API}/driver/me`, () => HttpResponse.json({ driver: DRIVER_PROFILE, shift: phone.state.shift })));
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Iniciar turno' })).toBeInTheDocument();
    expect(screen.queryByText('Sin conexión: revisa tu señal de datos.')).not.toBeInTheDocument();
  });

  it('counts the positions kept on the phone across a reload and the store sends them, oldest first', async () => {
    const phone = fakeDriverServer({ shift: onShift() });
    fakeGeolocation();
    const kept = [fixAt(1), fixAt(6)].map((at, index) => ({ latitude: -32.4 - index / 100, longitude: -71.25, timestamp: new Date(at).toISOString() }));
    localStorage.setItem('flota:conductor:pending', JSON.stringify(kept));
    openPhone();
    await screen.findByRole('button', { name: 'Terminar turno' }, SLOW);
    await waitFor(() => expect(waiting()).toHaveTextContent('0'));
    expect(phone.batches).toEqual([kept]);
    expect(localStorage.getItem('flota:conductor:pending')).toBeNull();
  });

  it('drops positions the server will never take and says so, then sends the next ones', async () => {
    const phone = fakeDriverServer({ shift: onShift() });
    const gps = fakeGeolocation();
    let refuse = true;
    server.use(http.post(`${API}/driver/locations`, () => (refuse ? HttpResponse.json({ error: 'La hora de la posición está en el futuro' }, { status: 400 }) : undefined)));
    openPhone();
    await screen.findByRole('button', { name: 'Terminar turno' }, SLOW);
    await gps.fix(-32.41, fixAt(1));
    expect(await screen.findByText('Se descartaron 1 posiciones que el servidor no aceptó: La hora de la posición está en el futuro')).toHaveAttribute('role', 'alert');
    expect(waiting()).toHaveTextContent('0');
    refuse = false;
    await gps.fix(-32.42, fixAt(10));
    await waitFor(() => expect(phone.batches.map((batch) => batch.map((point) => point.latitude))).toEqual([[-32.42]]));
    await waitFor(() => expect(screen.queryByText(/Se descartaron/)).not.toBeInTheDocument());
  });

  it('says the shift is no longer running when the server ended it, and offers to start again', async () => {
    const phone = fakeDriverServer({ shift: onShift() });
    const gps = fakeGeolocation();
    openPhone();
    await screen.findByRole('button', { name: 'Terminar turno' }, SLOW);
    phone.state.shift = null; // ended at the desk
    await gps.fix(-32.41, fixAt(1));
    expect(await screen.findByText('Tu turno ya no está activo. Inícialo de nuevo para seguir enviando tu posición.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Iniciar turno' })).toBeInTheDocument();
  });

  it('refuses Terminar turno while positions wait without signal, and ends it once they are sent', async () => {
    const phone = fakeDriverServer({ shift: onShift() });
    const gps = fakeGeolocation();
    const { user } = openPhone();
    await screen.findByRole('button', { name: 'Terminar turno' }, SLOW);
    phone.state.offline = true;
    await gps.fix(-32.41, fixAt(1));
    await gps.fix(-32.42, fixAt(10));
    await waitFor(() => expect(waiting()).toHaveTextContent('2'));
    await user.click(screen.getByRole('button', { name: 'Terminar turno' }));
    await user.click(screen.getByRole('button', { name: 'Sí, terminar turno' }));
    expect(await screen.findByText('No se puede terminar el turno sin conexión: quedan 2 posiciones por enviar. Intenta al volver la señal.')).toHaveAttribute('role', 'alert');
    expect(phone.asked('POST /driver/shifts/end')).toBe(0);

    phone.state.offline = false;
    await user.click(screen.getByRole('button', { name: 'Terminar turno' }));
    await user.click(screen.getByRole('button', { name: 'Sí, terminar turno' }));
    expect(await screen.findByRole('button', { name: 'Iniciar turno' })).toBeInTheDocument();
    expect(phone.batches.flat().map((point) => point.latitude)).toEqual([-32.41, -32.42]);
    expect(phone.asked('POST /driver/shifts/end')).toBe(1);
  });
});

describe('the trips on the phone', () => {
  it('says it is loading the trips, then shows the server’s reason when they cannot be read', async () => {
    fakeDriverServer({ shift: onShift() });
    fakeGeolocation();
    let answer = () => undefined as void;
    server.use(http.get(`${API}/driver/dispatch`, () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ error: 'El despacho no está disponible' }, { status: 503 }))))));
    openPhone();
    expect(await screen.findByText('Cargando tus viajes...', {}, SLOW)).toBeInTheDocument();
    answer();
    expect(await screen.findByText('El despacho no está disponible', {}, SLOW)).toHaveAttribute('role', 'alert');
  });

  it('reads the trips again when the server refuses Aceptar (the offer went to another taxi), and waits for the next', async () => {
    const phone = fakeDriverServer({ shift: onShift() });
    fakeGeolocation();
    phone.state.dispatch = { ...phone.state.dispatch, offer: makeOffer(15) };
    const { user } = openPhone();
    const card = await screen.findByRole('alertdialog', { name: 'Nuevo viaje ofrecido' }, SLOW);
    // Meanwhile the offer passed to the next taxi.
    phone.state.dispatch = { ...phone.state.dispatch, offer: null };
    const reads = phone.asked('GET /driver/dispatch');
    await user.click(within(card).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(/Esperando viajes/)).toBeInTheDocument();
    expect(phone.asked('POST /driver/offers/42/accept')).toBe(1);
    expect(phone.asked('GET /driver/dispatch')).toBeGreaterThan(reads);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says when an offer ran out, closes its buttons, and reads the trips again', async () => {
    const phone = fakeDriverServer({ shift: onShift() });
    fakeGeolocation();
    phone.state.dispatch = { ...phone.state.dispatch, offer: makeOffer(2) };
    openPhone();
    const card = await screen.findByRole('alertdialog', { name: 'Nuevo viaje ofrecido' }, SLOW);
    const reads = phone.asked('GET /driver/dispatch');
    expect(await within(card).findByText('La oferta expiró', {}, SLOW)).toHaveAttribute('role', 'timer');
    expect(within(card).getByRole('button', { name: 'Aceptar' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Rechazar' })).toBeDisabled();
    // The server has passed it on by now: the phone asks again shortly after.
    await waitFor(() => expect(phone.asked('GET /driver/dispatch')).toBeGreaterThan(reads), SLOW);
  });
});

describe('a driver without a taxi', () => {
  it('is told to ask the fleet for one', async () => {
    fakeDriverServer();
    localStorage.setItem('flota:conductor:session', JSON.stringify({ token: 'driver-token', driver: { ...DRIVER_PROFILE, current_vehicle_id: null, plate_number: null } }));
    server.use(http.get(`${API}/driver/me`, () => HttpResponse.json({ driver: { ...DRIVER_PROFILE, current_vehicle_id: null, plate_number: null }, shift: null })));
    renderApp('/conductor');
    expect(await screen.findByText('Sin vehículo asignado: pide a tu flota que te asigne uno.', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Iniciar turno' })).toBeEnabled();
  });
});
