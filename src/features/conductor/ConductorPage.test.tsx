import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { LocationBatch } from '../../../contract/api';
import { API } from '../../testing/apiEdge';
import { makeShift } from '../../testing/fixtures';
import { fakeGeolocation } from '../../testing/fakeGeolocation';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';
import { OFFLINE_TEXT } from './positions/flushPositions';

/** A fix time after the shift started (the page ignores older, cached fixes). */
const later = (seconds: number) => Math.floor(Date.now() / 1000) * 1000 + 60_000 + seconds * 1000;
const PROFILE = { id: 7, rut: '150000013', first_name: 'Pedro', last_name: 'Rojas', current_vehicle_id: 3, plate_number: 'KXWZ47' };

function driverServer({ offline = () => false }: { offline?: () => boolean } = {}) {
  const logins: unknown[] = [];
  const batches: LocationBatch['locations'][] = [];
  let shift: ReturnType<typeof makeShift> | null = null;
  server.use(
    http.post(`${API}/driver/login`, async ({ request }) => {
      logins.push(await request.json());
      return HttpResponse.json({ token: 'driver-token', driver: PROFILE });
    }),
    http.get(`${API}/driver/me`, () => HttpResponse.json({ driver: PROFILE, shift })),
    http.get(`${API}/driver/dispatch`, () => HttpResponse.json({ availability: 'libre', offer: null, trip: null, fares_enabled: false })),
    http.get(`${API}/driver/account`, () => HttpResponse.json({ balance: 0, days_behind: 0, terms: null, entries: [] })),
    http.get(`${API}/driver/documents`, () => HttpResponse.json({ documents: [], blocked_reasons: [] })),
    http.post(`${API}/driver/shifts/start`, () => {
      shift = makeShift({ id: 99, start_time: new Date().toISOString() });
      return HttpResponse.json({ shift });
    }),
    http.post(`${API}/driver/shifts/end`, () => HttpResponse.json({ shift })),
    http.post(`${API}/driver/locations`, async ({ request }) => {
      if (offline()) return HttpResponse.error();
      batches.push(((await request.json()) as LocationBatch).locations);
      return HttpResponse.json({ accepted: 1 }, { status: 202 });
    }),
  );
  return { logins, batches };
}

async function signIn(path = '/conductor?flota=K7P4QX') {
  const view = renderApp(path);
  await view.user.type(await screen.findByLabelText('RUT'), '15.000.001-3');
  await view.user.type(screen.getByLabelText('Contraseña'), 'clave-1234');
  await view.user.click(screen.getByRole('button', { name: 'Ingresar' }));
  return view;
}

describe('/conductor', () => {
  it('signs in with the fleet code of the setup link and shows the assigned vehicle', async () => {
    const { logins } = driverServer();
    await signIn();
    expect(await screen.findByText('KXWZ47')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pedro Rojas' })).toBeInTheDocument();
    expect(logins).toEqual([{ fleet_code: 'K7P4QX', rut: '15.000.001-3', password: 'clave-1234' }]);
    expect(screen.getByText(/envía tu posición solo mientras está abierta/)).toBeInTheDocument();
    expect(screen.getByText('Traccar Client')).toBeInTheDocument();
  });

  it('Iniciar turno, then each new fix goes to the driver API with its speed, heading and accuracy', async () => {
    const gps = fakeGeolocation();
    const { batches } = driverServer();
    const { user } = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Iniciar turno' }));
    expect(await screen.findByRole('button', { name: 'Terminar turno' })).toBeInTheDocument();
    // A cached fix from before the shift is not sent (the server would ignore it).
    await gps.fix(-32.0, Date.now() - 3_600_000);
    const at = later(0);
    await gps.fix(-32.45, at);
    await screen.findByText((_, node) => node?.tagName === 'DD' && /^\d{2}:\d{2}:\d{2}$/.test(node.textContent ?? ''));
    expect(batches).toEqual([[{ latitude: -32.45, longitude: -71.25, timestamp: new Date(at).toISOString(), accuracy: 8, speed: 11, heading: 90 }]]);
  });

  it('keeps positions while offline and sends them in one batch, in order, when the connection returns', async () => {
    const gps = fakeGeolocation();
    let offline = false;
    const { batches } = driverServer({ offline: () => offline });
    const { user } = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Iniciar turno' }));
    await screen.findByRole('button', { name: 'Terminar turno' });
    offline = true;
    await gps.fix(-32.41, later(0));
    await gps.fix(-32.42, later(10));
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Posiciones por enviar').nextElementSibling).toHaveTextContent('2');
    offline = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByText((_, node) => node?.tagName === 'DD' && node.previousElementSibling?.textContent === 'Posiciones por enviar' && node.textContent === '0');
    expect(batches.map((batch) => batch.map((p) => p.latitude))).toEqual([[-32.41, -32.42]]);
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });

  it('says in plain Spanish when location permission is denied or there is no GPS', async () => {
    const gps = fakeGeolocation();
    driverServer();
    const { user } = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Iniciar turno' }));
    await screen.findByRole('button', { name: 'Terminar turno' });
    await gps.fail(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('Permiso de ubicación denegado');
    await gps.fail(2);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sin señal GPS');
  });
  it('Terminar turno sits below the shift and asks first: "Seguir en turno" keeps it, "Sí, terminar turno" ends it', async () => {
    driverServer();
    let ended = 0;
    server.use(http.post(`${API}/driver/shifts/end`, () => {
      ended += 1;
      return HttpResponse.json({ shift: null });
    }));
    const { user } = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Iniciar turno' }));
    await user.click(await screen.findByRole('button', { name: 'Terminar turno' }));
    const question = screen.getByRole('group', { name: '¿Terminar el turno? Dejarás de recibir viajes.' });
    await user.click(within(question).getByRole('button', { name: 'Seguir en turno' }));
    expect(ended).toBe(0);
    expect(screen.getByRole('button', { name: 'Terminar turno' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Terminar turno' }));
    await user.click(screen.getByRole('button', { name: 'Sí, terminar turno' }));
    expect(await screen.findByRole('button', { name: 'Iniciar turno' })).toBeInTheDocument();
    expect(ended).toBe(1);
  });
});
