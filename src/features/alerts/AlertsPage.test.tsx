/**
 * La bandeja (Alertas) as a desk sees it: what each alert says, the states of the list (loading,
 * empty, failed), the filters kept in the address, and Reconocer with a note, for every desk role.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { deskUser } from '../../testing/deskRoles';
import { ACKNOWLEDGED_BY, makeAlert, serveAlerts } from '../../testing/fakeAlerts';
import { localIso } from '../../testing/fixtures';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 }; // the first open loads the screen's chunk

const entering = makeAlert({ id: 3 });
const sos = makeAlert({
  id: 4,
  kind: 'sos',
  occurred_at: localIso(2026, 11, 27, 9, 20),
  title: 'SOS de Ana Soto (GHJK34)',
  vehicle: { id: 2, plate: 'GHJK34' },
  driver: { id: 2, name: 'Ana Soto', phone: null },
  zone: null,
});
const speeding = makeAlert({
  id: 2,
  kind: 'speeding',
  occurred_at: localIso(2026, 11, 27, 8, 40),
  title: 'BCDF12 a 92 km/h en Zona escolar',
  detail: 'Límite 50 km/h',
  acknowledged: { at: localIso(2026, 11, 27, 8, 45), by: 'Javier Rojas', note: 'Llamé al conductor' },
});
const noSignal = makeAlert({ id: 1, kind: 'no_signal', title: 'AB1234 sin señal', driver: null, position: null, shift_id: null });

/** The inbox's entries, in the order shown (their titles). */
async function shownTitles() {
  const list = await screen.findByRole('list', { name: 'Alertas' }, SLOW);
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.flota-alert__title')?.textContent);
}

const entry = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

/** Opens the inbox and acknowledges the zone alert with no note; answers its entry. */
async function acknowledgeEntering() {
  const { user } = renderApp('/dashboard/alerts', { signedIn: true });
  await shownTitles();
  const zone = entry('BCDF12 entró a Plaza de Armas');
  await user.click(within(zone).getByRole('button', { name: 'Reconocer' }));
  await user.click(within(zone).getByRole('button', { name: 'Confirmar' }));
  return zone;
}

describe('la bandeja', () => {
  it('lists the alerts newest first: what, when, which driver (a phone link to call), the detail, and who acknowledged it', async () => {
    serveAlerts([noSignal, speeding, entering, sos]);
    renderApp('/dashboard/alerts', { signedIn: true });
    expect(await shownTitles()).toEqual(['SOS de Ana Soto (GHJK34)', 'BCDF12 entró a Plaza de Armas', 'BCDF12 a 92 km/h en Zona escolar', 'AB1234 sin señal']);
    expect(screen.getByRole('heading', { level: 1, name: 'Alertas' })).toBeInTheDocument();
    expect(screen.getByText('3 sin reconocer', { selector: 'p' })).toBeInTheDocument();

    const zone = entry('BCDF12 entró a Plaza de Armas');
    expect(zone).toHaveTextContent(/Entrada a zona · 27\/11\/2026 09:05 · Juan Pérez/);
    expect(within(zone).getByRole('link', { name: /^Llamar a Juan Pérez/ })).toHaveAttribute('href', 'tel:+56912345678');
    expect(zone).toHaveTextContent('Sin reconocer');
    expect(within(zone).getByRole('button', { name: 'Reconocer' })).toBeInTheDocument();

    const fast = entry('BCDF12 a 92 km/h en Zona escolar');
    expect(fast).toHaveTextContent('Límite 50 km/h');
    expect(fast).toHaveTextContent('Reconocida por Javier Rojas · 27/11/2026 08:45 · «Llamé al conductor»');
    expect(within(fast).queryByRole('button', { name: 'Reconocer' })).not.toBeInTheDocument();

    // No driver, no phone: the line names neither.
    const silent = entry('AB1234 sin señal');
    expect(silent).toHaveTextContent(/^AB1234 sin señalSin señal · 27\/11\/2026 09:05[^·]*Sin reconocer/);
    expect(within(silent).queryByRole('link')).not.toBeInTheDocument();
    // Ana has no phone on file: her name without a link.
    expect(within(entry('SOS de Ana Soto (GHJK34)')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows an SOS its driver pressed 300 times before anyone acknowledged it as one alert that says so (issue 45)', async () => {
    serveAlerts([speeding, { ...sos, presses: 300 }]);
    renderApp('/dashboard/alerts', { signedIn: true });
    expect(await shownTitles()).toEqual(['SOS de Ana Soto (GHJK34)', 'BCDF12 a 92 km/h en Zona escolar']);
    expect(entry('SOS de Ana Soto (GHJK34)')).toHaveTextContent(/^SOS de Ana Soto \(GHJK34\)SOS · 27\/11\/2026 09:20 · Pulsado 300 veces · Ana Soto/);
    // Pressed once (every other alert): no count.
    expect(entry('BCDF12 a 92 km/h en Zona escolar')).not.toHaveTextContent('Pulsado');
  });

  it('says Cargando... until the inbox answers, then that there are no alerts and what would bring one', async () => {
    serveAlerts([]);
    server.use(
      http.get(`${API}/alerts`, async () => {
        await delay(150);
        return HttpResponse.json({ alerts: [], open_count: 0, has_more: false });
      }),
    );
    renderApp('/dashboard/alerts', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Alertas' }, SLOW);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    expect(await screen.findByText(/^Sin alertas\. Cuando un taxi entre o salga de una zona/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Alertas' })).not.toBeInTheDocument();
  });

  it('says the inbox could not be loaded, and Reintentar asks again', async () => {
    serveAlerts([entering]);
    let failures = 1;
    server.use(
      http.get(`${API}/alerts`, async () => {
        if (failures-- > 0) return HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 });
        await delay(100);
        return undefined; // the inbox's own handler answers from now on
      }),
    );
    const { user } = renderApp('/dashboard/alerts', { signedIn: true });
    expect(await screen.findByText('No se pudieron cargar las alertas.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/^Sin alertas/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Alertas' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    // While it asks again: loading, not an empty list nor the old failure.
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
    expect(screen.queryByRole('list', { name: 'Alertas' })).not.toBeInTheDocument();
    expect(await shownTitles()).toEqual(['BCDF12 entró a Plaza de Armas']);
    expect(screen.queryByText('No se pudieron cargar las alertas.')).not.toBeInTheDocument();
  });

  it('filters by kind and state: the server is asked for them, and the address keeps them', async () => {
    const inbox = serveAlerts([noSignal, speeding, entering, sos]);
    const { user, router } = renderApp('/dashboard/alerts', { signedIn: true });
    await shownTitles();
    await user.selectOptions(screen.getByLabelText('Estado'), 'Sin reconocer');
    await waitFor(async () => expect(await shownTitles()).toEqual(['SOS de Ana Soto (GHJK34)', 'BCDF12 entró a Plaza de Armas', 'AB1234 sin señal']));
    await user.selectOptions(screen.getByLabelText('Tipo'), 'SOS');
    await waitFor(async () => expect(await shownTitles()).toEqual(['SOS de Ana Soto (GHJK34)']));
    expect(inbox.sent('GET /alerts').at(-1)?.query).toEqual({ kind: 'sos', state: 'open' });
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('sos');
    expect(new URLSearchParams(router.state.location.search).get('state')).toBe('open');

    await user.selectOptions(screen.getByLabelText('Estado'), 'Reconocidas');
    expect(await screen.findByText(/^Sin alertas\./)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Todos');
    await waitFor(async () => expect(await shownTitles()).toEqual(['BCDF12 a 92 km/h en Zona escolar']));
    expect(inbox.sent('GET /alerts').at(-1)?.query).toEqual({ state: 'acknowledged' });
  });

  it('opens with the filters of a link (the SOS banner’s "Ver y reconocer")', async () => {
    const inbox = serveAlerts([noSignal, speeding, entering, sos]);
    renderApp('/dashboard/alerts?kind=sos&state=open', { signedIn: true });
    expect(await shownTitles()).toEqual(['SOS de Ana Soto (GHJK34)']);
    expect(screen.getByLabelText('Tipo')).toHaveDisplayValue('SOS');
    expect(screen.getByLabelText('Estado')).toHaveDisplayValue('Sin reconocer');
    // A made-up kind in the address is not sent to the server.
    expect(inbox.sent('GET /alerts')[0].query).toEqual({ kind: 'sos', state: 'open' });
  });
});

describe('Reconocer', () => {
  it('acknowledges with an optional note, for everyone: the entry says who, the note, and the count goes down', async () => {
    const inbox = serveAlerts([speeding, entering]);
    const { user } = renderApp('/dashboard/alerts', { signedIn: true });
    await shownTitles();
    expect(screen.getByText('1 sin reconocer', { selector: 'p' })).toBeInTheDocument();
    const zone = entry('BCDF12 entró a Plaza de Armas');
    await user.click(within(zone).getByRole('button', { name: 'Reconocer' }));
    await user.type(within(zone).getByLabelText('Nota (opcional)'), 'Visto en cámara');
    await user.click(within(zone).getByRole('button', { name: 'Confirmar' }));
    expect(await within(zone).findByText(new RegExp(`Reconocida por ${ACKNOWLEDGED_BY} · .* · «Visto en cámara»`))).toBeInTheDocument();
    expect(inbox.sent('POST /alerts/3/acknowledge').map((request) => request.body)).toEqual([{ note: 'Visto en cámara' }]);
    expect(within(zone).queryByRole('button', { name: 'Reconocer' })).not.toBeInTheDocument();
    expect(await screen.findByText('0 sin reconocer', { selector: 'p' })).toBeInTheDocument();
  });

  it('Cancelar closes the note and sends nothing', async () => {
    const inbox = serveAlerts([entering]);
    const { user } = renderApp('/dashboard/alerts', { signedIn: true });
    await shownTitles();
    const zone = entry('BCDF12 entró a Plaza de Armas');
    await user.click(within(zone).getByRole('button', { name: 'Reconocer' }));
    await user.type(within(zone).getByLabelText('Nota (opcional)'), 'no era');
    await user.click(within(zone).getByRole('button', { name: 'Cancelar' }));
    expect(within(zone).queryByLabelText('Nota (opcional)')).not.toBeInTheDocument();
    expect(within(zone).getByRole('button', { name: 'Reconocer' })).toBeInTheDocument();
    expect(zone).toHaveTextContent('Sin reconocer');
    expect(inbox.sent('POST /alerts/3/acknowledge')).toEqual([]);
  });

  it('shows the server’s refusal as given, and keeps the alert open', async () => {
    serveAlerts([entering]);
    server.use(http.post(`${API}/alerts/:id/acknowledge`, () => HttpResponse.json({ error: 'La nota no puede superar 500 caracteres' }, { status: 400 })));
    const zone = await acknowledgeEntering();
    expect(await within(zone).findByRole('alert')).toHaveTextContent('La nota no puede superar 500 caracteres');
    expect(zone).toHaveTextContent('Sin reconocer');
  });

  it('says it could not acknowledge when the network fails', async () => {
    serveAlerts([entering]);
    server.use(http.post(`${API}/alerts/:id/acknowledge`, () => HttpResponse.error()));
    const zone = await acknowledgeEntering();
    expect(await within(zone).findByRole('alert')).toHaveTextContent('No se pudo reconocer la alerta.');
  });

  it('lets the Operador read and acknowledge too', async () => {
    deskUser('operador');
    const inbox = serveAlerts([entering]);
    const zone = await acknowledgeEntering();
    expect(screen.getByText('Operador', { selector: '.flota-sidebar__role' })).toBeInTheDocument();
    expect(await within(zone).findByText(/^Reconocida por/)).toBeInTheDocument();
    expect(inbox.sent('POST /alerts/3/acknowledge').map((request) => request.body)).toEqual([{ note: '' }]);
  });
});

describe('Ver en el mapa', () => {
  it('opens the live map on the taxi of an alert with a position; an alert without one offers no map', async () => {
    serveAlerts([noSignal, entering]);
    const { user, router } = renderApp('/dashboard/alerts', { signedIn: true });
    await shownTitles();
    expect(within(entry('AB1234 sin señal')).queryByRole('button', { name: 'Ver en el mapa' })).not.toBeInTheDocument();
    await user.click(within(entry('BCDF12 entró a Plaza de Armas')).getByRole('button', { name: 'Ver en el mapa' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/map'));
    expect(await screen.findByRole('heading', { name: 'Mapa en Vivo' }, SLOW)).toBeInTheDocument();
  });
});
