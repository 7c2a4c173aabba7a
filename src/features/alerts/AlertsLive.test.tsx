/**
 * Alertas on every desk screen: the bell and the sidebar's open count, the SOS banner that stays until
 * someone acknowledges, the dashboard's line, and what a push on the desk's socket brings (a toast, the
 * inbox and the count at once; an SOS beeps), another desk's Reconocer, and a reconnect.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fakeSocketFactory } from '../../testing/fakeSocket';
import { makeAlert, serveAlerts } from '../../testing/fakeAlerts';
import { localIso } from '../../testing/fixtures';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

const zoneAlert = makeAlert({ id: 3 });
/** An SOS of driver `driverId` (by default the alert's own id: one driver per alert). */
const sosAlert = (id: number, name: string, driverId = id) =>
  makeAlert({ id, kind: 'sos', occurred_at: localIso(2026, 11, 27, 9, 20 + id), title: `SOS de ${name}`, driver: { id: driverId, name, phone: null }, zone: null });

/** The top bar's bell (the sidebar's "Alertas" is a link too). */
const bell = () => within(screen.getByRole('banner')).getByRole('link', { name: /^Alertas(: \d+ sin reconocer)?$/ });
const banner = () => document.querySelector('.flota-sos-banner');

/** The Web Audio the SOS beep plays on: each oscillator started is one beep. */
function fakeAudio() {
  const beeps: number[] = [];
  class Context {
    currentTime = 0;
    destination = {};
    resume = async () => undefined;
    createOscillator() {
      return { type: '', frequency: { value: 0 }, connect: (node: unknown) => node, start: (at: number) => beeps.push(at), stop: () => undefined };
    }
    createGain() {
      return { gain: { value: 0 }, connect: (node: unknown) => node };
    }
  }
  Object.defineProperty(window, 'AudioContext', { configurable: true, value: Context });
  return beeps;
}
afterEach(() => {
  delete (window as { AudioContext?: unknown }).AudioContext;
});

describe('the open count', () => {
  it('is on the bell and beside Alertas in the sidebar; with none open, neither shows a number', async () => {
    server.use(http.get(`${API}/alerts/summary`, () => HttpResponse.json({ open_count: 0, open_sos: 0, sos_drivers: [] })));
    renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Panel de Control' }, SLOW);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas'));
    expect(bell()).toHaveTextContent(/^$/);
    expect(screen.queryByLabelText(/sin reconocer$/)).not.toBeInTheDocument();
  });

  it('counts the open alerts, and past 99 says 99+', async () => {
    let open = 3;
    server.use(http.get(`${API}/alerts/summary`, () => HttpResponse.json({ open_count: open, open_sos: 0, sos_drivers: [] })));
    const first = renderApp('/dashboard/vehicles', { signedIn: true });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 3 sin reconocer'), SLOW);
    expect(bell()).toHaveTextContent('3');
    expect(within(screen.getByRole('navigation', { name: 'Navegación principal' })).getByLabelText('3 sin reconocer')).toHaveTextContent('3');
    first.unmount();

    open = 150;
    renderApp('/dashboard/vehicles', { signedIn: true });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 150 sin reconocer'), SLOW);
    expect(bell()).toHaveTextContent('99+');
    expect(screen.getByLabelText('150 sin reconocer')).toHaveTextContent('99+');
  });

  it('heads the dashboard’s Requiere atención, with the SOS among them, linking to the open alerts', async () => {
    serveAlerts([zoneAlert, sosAlert(4, 'Ana Soto')]);
    const { user, router } = renderApp('/dashboard', { signedIn: true });
    const line = await screen.findByRole('link', { name: '2 alertas sin reconocer (1 SOS)' }, SLOW);
    await user.click(line);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/alerts'));
    expect(router.state.location.search).toBe('?state=open');
  });
});

describe('the SOS banner', () => {
  it('stays on every screen while an SOS is open, and leads to the open SOS alerts', async () => {
    serveAlerts([zoneAlert, sosAlert(4, 'Ana Soto')]);
    const { user, router } = renderApp('/dashboard/drivers', { signedIn: true });
    await waitFor(() => expect(banner()).toHaveTextContent('SOS Un conductor pidió ayuda. Ver y reconocer'), SLOW);
    expect(banner()).toHaveAttribute('role', 'alert');
    await user.click(within(banner() as HTMLElement).getByRole('link', { name: 'Ver y reconocer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/alerts'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ kind: 'sos', state: 'open' });
    expect(banner()).toBeInTheDocument();
  });

  it('counts the drivers who asked for help', async () => {
    serveAlerts([sosAlert(4, 'Ana Soto'), sosAlert(5, 'Pedro Rojas')]);
    renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(banner()).toHaveTextContent('2 conductores pidieron ayuda.'), SLOW);
  });

  it('counts people, not alerts: two open SOS of one driver are one driver asking for help', async () => {
    // Ana's SOS stored before her presses were joined into one (issue 45): two open alerts, one person.
    serveAlerts([sosAlert(4, 'Ana Soto'), sosAlert(6, 'Ana Soto', 4)]);
    renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(banner()).toHaveTextContent('SOS Un conductor pidió ayuda. Ver y reconocer'), SLOW);
    expect(screen.getByText('2 alertas sin reconocer (2 SOS)')).toBeInTheDocument();
  });

  it('is not there when no SOS is open', async () => {
    serveAlerts([zoneAlert, { ...sosAlert(4, 'Ana Soto'), acknowledged: { at: localIso(2026, 11, 27, 9, 30), by: 'Javier Rojas', note: null } }]);
    renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 1 sin reconocer'), SLOW);
    expect(banner()).not.toBeInTheDocument();
  });
});

describe('live, on the desk’s socket', () => {
  async function openInbox(initial = [zoneAlert]) {
    const inbox = serveAlerts(initial);
    const sockets = fakeSocketFactory();
    const view = renderApp('/dashboard/alerts', { signedIn: true, createSocket: sockets.createSocket });
    await screen.findByRole('list', { name: 'Alertas' }, SLOW);
    act(() => sockets.last.simulateConnect());
    return { ...view, inbox, socket: sockets.last };
  }
  const titles = () => within(screen.getByRole('list', { name: 'Alertas' })).getAllByTestId('alert').map((item) => item.querySelector('.flota-alert__title')?.textContent);

  it('a new alert: a toast says what happened, the inbox shows it first, and the count goes up', async () => {
    const { inbox, socket } = await openInbox();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 1 sin reconocer'));
    const speeding = inbox.raise(makeAlert({ id: 9, kind: 'speeding', title: 'BCDF12 a 92 km/h en Zona escolar', occurred_at: localIso(2026, 11, 27, 9, 40) }));
    act(() => socket.serverEmit('alert_raised', { alert: speeding }));
    expect(await screen.findByText('Alerta: BCDF12 a 92 km/h en Zona escolar')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['BCDF12 a 92 km/h en Zona escolar', 'BCDF12 entró a Plaza de Armas']));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 2 sin reconocer'));
    expect(banner()).not.toBeInTheDocument();
  });

  it('an SOS: the toast, three beeps and the red banner', async () => {
    const beeps = fakeAudio();
    const { inbox, socket } = await openInbox();
    const sos = inbox.raise(sosAlert(7, 'Rocío Alarcón'));
    act(() => socket.serverEmit('alert_raised', { alert: sos }));
    expect(await screen.findByText('Alerta: SOS de Rocío Alarcón')).toBeInTheDocument();
    await waitFor(() => expect(banner()).toHaveTextContent('Un conductor pidió ayuda.'));
    expect(beeps).toHaveLength(3);
  });

  it('another desk’s Reconocer shows here at once, and the banner goes when the SOS is acknowledged', async () => {
    const { inbox, socket } = await openInbox([zoneAlert, sosAlert(4, 'Ana Soto')]);
    await waitFor(() => expect(banner()).toBeInTheDocument());
    const acknowledged = inbox.acknowledge(4, 'Carabineros en camino');
    act(() => socket.serverEmit('alert_changed', { alert: acknowledged }));
    const entry = (await screen.findByText('SOS de Ana Soto')).closest('li') as HTMLElement;
    await waitFor(() => expect(entry).toHaveTextContent(/Reconocida por Daniela Pérez · .* · «Carabineros en camino»/));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(bell()).toHaveAccessibleName('Alertas: 1 sin reconocer');
  });

  it('counts each driver once as their SOS come and go: a second SOS of the same driver is still one, another driver makes two', async () => {
    const { inbox, socket } = await openInbox([zoneAlert, sosAlert(4, 'Ana Soto')]);
    await waitFor(() => expect(banner()).toHaveTextContent('Un conductor pidió ayuda.'));
    // Read when the screen opened, and once more when the socket joined the fleet's room.
    await waitFor(() => expect(inbox.sent('GET /alerts/summary')).toHaveLength(2));
    act(() => socket.serverEmit('alert_raised', { alert: inbox.raise(sosAlert(8, 'Ana Soto', 4)) }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 3 sin reconocer'));
    expect(banner()).toHaveTextContent('Un conductor pidió ayuda.');
    act(() => socket.serverEmit('alert_raised', { alert: inbox.raise(sosAlert(9, 'Pedro Rojas')) }));
    await waitFor(() => expect(banner()).toHaveTextContent('2 conductores pidieron ayuda.'));

    // Pedro's acknowledged at another desk: one driver again. Other SOS are open, and whether one is
    // his is the server's to say: the counts are read once more.
    const asked = 2;
    act(() => socket.serverEmit('alert_changed', { alert: inbox.acknowledge(9) }));
    await waitFor(() => expect(inbox.sent('GET /alerts/summary')).toHaveLength(asked + 1));
    await waitFor(() => expect(banner()).toHaveTextContent('Un conductor pidió ayuda.'));
    // One of Ana's two: the server says she still has one open.
    act(() => socket.serverEmit('alert_changed', { alert: inbox.acknowledge(4) }));
    await waitFor(() => expect(inbox.sent('GET /alerts/summary')).toHaveLength(asked + 2));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 2 sin reconocer'));
    expect(banner()).toHaveTextContent('Un conductor pidió ayuda.');
    // The last open SOS: the banner goes at once, with no request.
    act(() => socket.serverEmit('alert_changed', { alert: inbox.acknowledge(8) }));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(inbox.sent('GET /alerts/summary')).toHaveLength(asked + 2);
    expect(bell()).toHaveAccessibleName('Alertas: 1 sin reconocer');
  });

  it('an SOS sent with the phone’s last known fix says how old it is, and the fix that follows moves the same alert: no new alert, no second driver', async () => {
    // The press at 09:24:00 carried a fix of 09:23:20; the phone's fresh fix came at 09:24:03.
    const pressed = sosAlert(4, 'Ana Soto');
    const aged = { ...pressed, position: { latitude: -32.451, longitude: -71.231, speed_kmh: null, at: localIso(2026, 11, 27, 9, 23, 20) } };
    const { inbox, socket } = await openInbox([zoneAlert, aged]);
    const entry = (await screen.findByText('SOS de Ana Soto')).closest('li') as HTMLElement;
    expect(entry).toHaveTextContent('Posición de las 09:23:20 (40 s antes)');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 2 sin reconocer'));

    const moved = inbox.change({ ...aged, position: { latitude: -32.4525, longitude: -71.2333, speed_kmh: null, at: localIso(2026, 11, 27, 9, 24, 3) } });
    act(() => socket.serverEmit('alert_changed', { alert: moved }));
    await waitFor(() => expect(entry).toHaveTextContent('Posición actualizada a las 09:24:03'));
    expect(titles()).toEqual(['SOS de Ana Soto', 'BCDF12 entró a Plaza de Armas']);
    expect(bell()).toHaveAccessibleName('Alertas: 2 sin reconocer');
    expect(banner()).toHaveTextContent('Un conductor pidió ayuda.');
  });

  it('reads the inbox again after a reconnect: an alert raised while the desk was away shows', async () => {
    const { inbox, socket } = await openInbox();
    act(() => socket.simulateDrop());
    inbox.raise(makeAlert({ id: 8, kind: 'no_signal', title: 'AB1234 sin señal' }));
    act(() => socket.simulateReconnect());
    await waitFor(() => expect(titles()).toEqual(['AB1234 sin señal', 'BCDF12 entró a Plaza de Armas']));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 2 sin reconocer'));
  });

  it('a busy night: three toasts, then one counter with a link to the inbox; an SOS keeps its own toast', async () => {
    const { inbox, socket, user, router } = await openInbox();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 1 sin reconocer'));
    const push = (id: number, title: string) => act(() => socket.serverEmit('alert_raised', { alert: inbox.raise(makeAlert({ id, title, occurred_at: localIso(2026, 11, 27, 9, 30 + id) })) }));
    push(20, 'AB1234 entró a Terminal');
    push(21, 'GHJK34 entró a Terminal');
    push(22, 'LFKS84 entró a Terminal');
    expect(await screen.findByText('Alerta: LFKS84 entró a Terminal')).toBeInTheDocument();
    expect(screen.getAllByText(/^Alerta: /)).toHaveLength(3);

    push(23, 'PRTZ11 entró a Terminal');
    const counter = (await screen.findByText(/^4 alertas nuevas/)).closest('[role="alert"]') as HTMLElement;
    expect(screen.queryByText(/^Alerta: /)).not.toBeInTheDocument();
    act(() => socket.serverEmit('alert_raised', { alert: inbox.raise(sosAlert(24, 'Rocío Alarcón')) }));
    push(25, 'BCDF12 entró a Terminal');
    await waitFor(() => expect(counter).toHaveTextContent('5 alertas nuevas · Ver alertas'));
    expect(screen.getByText('Alerta: SOS de Rocío Alarcón')).toBeInTheDocument();
    // Two notices on screen, not seven.
    expect(screen.getAllByRole('button', { name: 'Cerrar aviso' })).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Estado'), 'Sin reconocer');
    await user.click(within(counter).getByRole('button', { name: 'Ver alertas' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(/alertas nuevas/)).not.toBeInTheDocument();
  });

  it('shows no toast for a payload the contract refuses', async () => {
    const { socket } = await openInbox();
    act(() => socket.serverEmit('alert_raised', { alert: { id: 'x', title: 'Alerta rota' } }));
    // The toast of a good push comes after the payload's check loads: give a bad one the same chance.
    const good = makeAlert({ id: 11, title: 'AB1234 entró a Terminal' });
    act(() => socket.serverEmit('alert_raised', { alert: good }));
    expect(await screen.findByText('Alerta: AB1234 entró a Terminal')).toBeInTheDocument();
    expect(screen.queryByText(/Alerta rota/)).not.toBeInTheDocument();
  });
});
