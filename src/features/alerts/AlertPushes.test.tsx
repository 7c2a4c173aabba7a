/**
 * An alert pushed on the desk's socket is written into what the desk shows (the bell, the SOS banner,
 * the inbox) with no request: the requests each alert costs a desk are counted. An alert heard while
 * the counts are loading has them read once more, so it is never counted twice nor lost.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Alert } from '../../../contract/alerts';
import { API } from '../../testing/apiEdge';
import { summaryOf } from '../../testing/fakeAlerts';
import { fakeSocketFactory } from '../../testing/fakeSocket';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

function makeAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 1,
    kind: 'zone_enter',
    occurred_at: '2026-11-27T12:05:00.000Z',
    title: 'BCDF12 entró a Plaza de Armas',
    detail: null,
    shift_id: 40,
    vehicle: { id: 1, plate: 'BCDF12' },
    driver: { id: 1, name: 'Juan Pérez', phone: null },
    zone: { id: 5, name: 'Plaza de Armas' },
    position: null,
    acknowledged: null,
    presses: 1,
    ...overrides,
  };
}
const acknowledged = { at: '2026-11-27T12:30:00.000Z', by: 'Carolina Muñoz', note: null };

/** The server's alerts: the inbox and the counts as they are when asked; every GET counted by path. */
function alertsServer(initial: Alert[], { holdFirstSummary = false } = {}) {
  const state = { alerts: [...initial] };
  const asked = { summary: 0, inbox: 0 };
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const open = () => state.alerts.filter((alert) => !alert.acknowledged);
  server.use(
    http.get(`${API}/alerts/summary`, async () => {
      asked.summary += 1;
      const answer = summaryOf(state.alerts);
      if (holdFirstSummary && asked.summary === 1) await gate;
      return HttpResponse.json(answer);
    }),
    http.get(`${API}/alerts`, ({ request }) => {
      asked.inbox += 1;
      const wanted = new URL(request.url).searchParams.get('state');
      const listed = state.alerts.filter((alert) => !wanted || (wanted === 'open') === !alert.acknowledged).sort((a, b) => b.id - a.id);
      return HttpResponse.json({ alerts: listed, open_count: open().length, has_more: false });
    }),
  );
  /** The server raises or changes an alert: it is stored, then pushed. */
  const save = (alert: Alert) => {
    state.alerts = [...state.alerts.filter((item) => item.id !== alert.id), alert];
    return alert;
  };
  return { asked, save, release };
}

const bell = () => screen.getByRole('link', { name: /^Alertas(:|$)/ });

async function connected(sockets: ReturnType<typeof fakeSocketFactory>) {
  await waitFor(() => expect(sockets.sockets.length).toBeGreaterThan(0));
  sockets.last.simulateConnect();
  return sockets.last;
}

describe('alerts pushed to a desk', () => {
  it('counts each new and each acknowledged alert into the bell and the SOS banner, with no request per alert', async () => {
    const alerts = alertsServer([makeAlert({ id: 1 }), makeAlert({ id: 2, acknowledged })]);
    const sockets = fakeSocketFactory();
    renderApp('/dashboard', { signedIn: true, createSocket: sockets.createSocket });
    const socket = await connected(sockets);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 1 sin reconocer'), SLOW);
    // Joining the fleet's room after the counts were read reads them once more (what came between reached nobody).
    await waitFor(() => expect(alerts.asked.summary).toBe(2));
    const before = { ...alerts.asked };

    socket.serverEmit('alert_raised', { alert: alerts.save(makeAlert({ id: 3, title: 'BCDF12 salió de Plaza de Armas', kind: 'zone_exit' })) });
    socket.serverEmit('alert_raised', { alert: alerts.save(makeAlert({ id: 4, kind: 'sos', title: 'SOS de Ana Soto (GHJK34)', zone: null })) });
    socket.serverEmit('alert_raised', { alert: alerts.save(makeAlert({ id: 5, kind: 'speeding', title: 'BCDF12 a 92 km/h' })) });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 4 sin reconocer'));
    expect(screen.getByText(/Un conductor pidió ayuda/).closest('[role="alert"]')).toHaveTextContent('SOS Un conductor pidió ayuda.');
    expect(screen.getByText('4 alertas sin reconocer (1 SOS)')).toBeInTheDocument();

    // Acknowledged at another desk: the SOS and a zone alert; a repeated push changes nothing more.
    socket.serverEmit('alert_changed', { alert: alerts.save(makeAlert({ id: 4, kind: 'sos', title: 'SOS de Ana Soto (GHJK34)', zone: null, acknowledged })) });
    socket.serverEmit('alert_changed', { alert: alerts.save(makeAlert({ id: 3, title: 'BCDF12 salió de Plaza de Armas', kind: 'zone_exit', acknowledged })) });
    socket.serverEmit('alert_changed', { alert: alerts.save(makeAlert({ id: 3, title: 'BCDF12 salió de Plaza de Armas', kind: 'zone_exit', acknowledged })) });
    // The top speed of a speeding alert is known later: still open, still counted once.
    socket.serverEmit('alert_changed', { alert: alerts.save(makeAlert({ id: 5, kind: 'speeding', title: 'BCDF12 a 92 km/h', detail: 'Velocidad máxima alcanzada: 97 km/h' })) });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 2 sin reconocer'));
    expect(screen.queryByText(/pidió ayuda/)).not.toBeInTheDocument();

    // Seven pushes, no request.
    expect(alerts.asked).toEqual(before);
  });

  it('writes a pushed alert into the inbox as it is shown: a new one on top, an acknowledged one out of the open list', async () => {
    const alerts = alertsServer([makeAlert({ id: 1 }), makeAlert({ id: 2, title: 'AB1234 sin señal', kind: 'no_signal' })]);
    const sockets = fakeSocketFactory();
    renderApp('/dashboard/alerts?state=open', { signedIn: true, createSocket: sockets.createSocket });
    const list = await screen.findByRole('list', { name: 'Alertas' }, SLOW);
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.flota-alert__title')?.textContent)).toEqual(['AB1234 sin señal', 'BCDF12 entró a Plaza de Armas']));
    await waitFor(() => expect(screen.getByText('2 sin reconocer', { selector: 'p' })).toBeInTheDocument());
    // The socket joins after both were read: each is read once more (what came between reached nobody).
    const socket = await connected(sockets);
    await waitFor(() => expect(alerts.asked).toEqual({ summary: 2, inbox: 2 }));

    socket.serverEmit('alert_raised', { alert: alerts.save(makeAlert({ id: 7, kind: 'sos', title: 'SOS de Ana Soto (GHJK34)', zone: null })) });
    socket.serverEmit('alert_changed', { alert: alerts.save(makeAlert({ id: 1, acknowledged })) });

    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.flota-alert__title')?.textContent)).toEqual(['SOS de Ana Soto (GHJK34)', 'AB1234 sin señal']));
    expect(screen.getByText('2 sin reconocer', { selector: 'p' })).toBeInTheDocument();
    expect(alerts.asked).toEqual({ summary: 2, inbox: 2 });
  });

  it('reads the counts once more when an alert arrives while they load, and counts it once', async () => {
    const alerts = alertsServer([makeAlert({ id: 1 })], { holdFirstSummary: true });
    const sockets = fakeSocketFactory();
    renderApp('/dashboard', { signedIn: true, createSocket: sockets.createSocket });
    const socket = await connected(sockets);
    await waitFor(() => expect(alerts.asked.summary).toBe(1));
    // Raised after the counts were read (1 open), heard before their answer arrives.
    socket.serverEmit('alert_raised', { alert: alerts.save(makeAlert({ id: 2, title: 'BCDF12 a 92 km/h', kind: 'speeding' })) });
    alerts.release();

    await waitFor(() => expect(bell()).toHaveAccessibleName('Alertas: 2 sin reconocer'), SLOW);
    await waitFor(() => expect(alerts.asked.summary).toBe(2));
    expect(bell()).toHaveAccessibleName('Alertas: 2 sin reconocer');
  });
});
