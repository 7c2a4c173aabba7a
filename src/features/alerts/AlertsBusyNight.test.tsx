/**
 * La bandeja on a busy night (issue 46): one taxi's repeats of a kind read as one entry with a
 * counter; "Reconocer seleccionadas" and "Reconocer todas las de este tipo" acknowledge many with
 * one note in one call; a refusal is shown as given and leaves every alert open.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ACKNOWLEDGED_BY, makeAlert, serveAlerts } from '../../testing/fakeAlerts';
import { localIso } from '../../testing/fixtures';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 }; // the first open loads the screen's chunk

const at = (minute: number) => localIso(2026, 11, 27, 9, minute);
// BCDF12 entered Plaza de Armas three times in 20 minutes (in and out at its edge).
const plaza = [3, 5, 7].map((id, i) => makeAlert({ id, occurred_at: at(10 + i * 10) }));
const other = makeAlert({ id: 6, occurred_at: at(25), vehicle: { id: 2, plate: 'GHJK34' }, title: 'GHJK34 entró a Plaza de Armas', driver: null });
const fast = makeAlert({ id: 4, kind: 'speeding', occurred_at: at(15), title: 'BCDF12 a 92 km/h en Zona escolar', zone: null });

async function entries() {
  const list = await screen.findByRole('list', { name: 'Alertas' }, SLOW);
  return within(list).getAllByRole('listitem');
}
/** The entry whose title line reads exactly `title` (a group's counter included). */
const entry = (title: string) => screen.getAllByRole('listitem').find((item) => item.querySelector('.flota-alert__title')?.textContent === title) as HTMLElement;

describe('a busy night in la bandeja', () => {
  it('shows one taxi’s repeats of a kind as one entry with a counter and since when, the others apart', async () => {
    serveAlerts([...plaza, other, fast]);
    renderApp('/dashboard/alerts', { signedIn: true });
    expect((await entries()).map((item) => item.querySelector('.flota-alert__title')?.textContent)).toEqual([
      'BCDF12 entró a Plaza de Armas×3',
      'GHJK34 entró a Plaza de Armas',
      'BCDF12 a 92 km/h en Zona escolar',
    ]);
    const grouped = entry('BCDF12 entró a Plaza de Armas×3');
    expect(within(grouped).getByLabelText('3 alertas')).toBeInTheDocument();
    expect(grouped).toHaveTextContent('Entrada a zona · 27/11/2026 09:30 · 3 seguidas desde las 09:10');
    expect(entry('GHJK34 entró a Plaza de Armas')).not.toHaveTextContent('seguidas');
  });

  it('Reconocer on a group acknowledges all its alerts with the note, in one call', async () => {
    const inbox = serveAlerts([...plaza, fast]);
    const { user } = renderApp('/dashboard/alerts', { signedIn: true });
    await entries();
    const grouped = entry('BCDF12 entró a Plaza de Armas×3');
    await user.click(within(grouped).getByRole('button', { name: 'Reconocer' }));
    await user.type(within(grouped).getByLabelText('Nota (opcional)'), 'Espera en el borde');
    await user.click(within(grouped).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(new RegExp(`Reconocida por ${ACKNOWLEDGED_BY} · .* · «Espera en el borde»`))).toBeInTheDocument();
    expect(inbox.sent('POST /alerts/acknowledge').map((request) => request.body)).toEqual([{ ids: [7, 5, 3], note: 'Espera en el borde' }]);
    expect(await screen.findByText('1 sin reconocer', { selector: 'p' })).toBeInTheDocument();
  });

  it('Reconocer seleccionadas: the ticked entries (every alert of a group), one note, one call; the rest stay open', async () => {
    const inbox = serveAlerts([...plaza, other, fast]);
    const { user } = renderApp('/dashboard/alerts', { signedIn: true });
    await entries();
    const bulk = screen.getByRole('group', { name: 'Reconocer varias' });
    expect(within(bulk).getByRole('button', { name: 'Reconocer seleccionadas' })).toBeDisabled();
    // Idle: a phone hides the bar (alerts.css) until the first tick.
    expect(bulk).toHaveClass('flota-alerts-bulk--idle');
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar: BCDF12 entró a Plaza de Armas' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar: BCDF12 a 92 km/h en Zona escolar' }));
    expect(within(bulk).getByRole('status')).toHaveTextContent('4 alertas seleccionadas');
    expect(bulk).not.toHaveClass('flota-alerts-bulk--idle');
    await user.type(within(bulk).getByLabelText('Nota para las reconocidas (opcional)'), 'Revisadas por radio');
    await user.click(within(bulk).getByRole('button', { name: 'Reconocer seleccionadas' }));
    expect(await within(bulk).findByText('4 alertas reconocidas')).toBeInTheDocument();
    expect(inbox.sent('POST /alerts/acknowledge').map((request) => request.body)).toEqual([{ ids: [7, 5, 3, 4], note: 'Revisadas por radio' }]);
    await waitFor(() => expect(entry('BCDF12 a 92 km/h en Zona escolar')).toHaveTextContent('«Revisadas por radio»'));
    expect(entry('GHJK34 entró a Plaza de Armas')).toHaveTextContent('Sin reconocer');
    expect(await screen.findByText('1 sin reconocer', { selector: 'p' })).toBeInTheDocument();
    // Acknowledged entries can no longer be ticked; the note box is empty for the next time.
    expect(screen.queryByRole('checkbox', { name: 'Seleccionar: BCDF12 a 92 km/h en Zona escolar' })).not.toBeInTheDocument();
    expect(within(bulk).getByLabelText('Nota para las reconocidas (opcional)')).toHaveValue('');
  });

  it('Reconocer todas las de este tipo: offered once a kind is chosen, sends that kind with the note', async () => {
    const inbox = serveAlerts([...plaza, other, fast]);
    const { user } = renderApp('/dashboard/alerts', { signedIn: true });
    await entries();
    expect(screen.queryByRole('button', { name: 'Reconocer todas las de este tipo' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Entrada a zona');
    await waitFor(async () => expect(await entries()).toHaveLength(2));
    await user.type(screen.getByLabelText('Nota para las reconocidas (opcional)'), 'Hora punta');
    await user.click(screen.getByRole('button', { name: 'Reconocer todas las de este tipo' }));
    expect(await screen.findByText('4 alertas reconocidas')).toBeInTheDocument();
    expect(inbox.sent('POST /alerts/acknowledge').map((request) => request.body)).toEqual([{ kind: 'zone_enter', note: 'Hora punta' }]);
    // The speeding alert, another kind, is still open.
    expect(await screen.findByText('1 sin reconocer', { selector: 'p' })).toBeInTheDocument();
  });

  it('shows the server’s refusal as given and leaves every alert open', async () => {
    serveAlerts([...plaza, fast]);
    server.use(http.post(`${API}/alerts/acknowledge`, () => HttpResponse.json({ error: 'Alerta no encontrada' }, { status: 404 })));
    const { user } = renderApp('/dashboard/alerts', { signedIn: true });
    await entries();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar: BCDF12 a 92 km/h en Zona escolar' }));
    await user.click(screen.getByRole('button', { name: 'Reconocer seleccionadas' }));
    const bulk = screen.getByRole('group', { name: 'Reconocer varias' });
    expect(await within(bulk).findByRole('alert')).toHaveTextContent('Alerta no encontrada');
    expect(entry('BCDF12 a 92 km/h en Zona escolar')).toHaveTextContent('Sin reconocer');
    expect(screen.getByText('4 sin reconocer', { selector: 'p' })).toBeInTheDocument();
  });
});

describe('Silenciar zona 1 h', () => {
  it('mutes the alert’s zone: the inbox says until when, Reactivar ends it; an SOS offers no mute', async () => {
    const sos = makeAlert({ id: 9, kind: 'sos', title: 'SOS de Ana Soto (GHJK34)', zone: null, occurred_at: at(50) });
    const inbox = serveAlerts([...plaza, fast, sos]);
    const { user } = renderApp('/dashboard/alerts', { signedIn: true });
    await entries();
    expect(screen.queryByRole('group', { name: 'Zonas silenciadas' })).not.toBeInTheDocument();
    expect(within(entry('SOS de Ana Soto (GHJK34)')).queryByRole('button', { name: 'Silenciar zona 1 h' })).not.toBeInTheDocument();
    // The speeding alert has no zone: nothing to mute.
    expect(within(entry('BCDF12 a 92 km/h en Zona escolar')).queryByRole('button', { name: 'Silenciar zona 1 h' })).not.toBeInTheDocument();

    await user.click(within(entry('BCDF12 entró a Plaza de Armas×3')).getByRole('button', { name: 'Silenciar zona 1 h' }));
    const muted = await screen.findByRole('group', { name: 'Zonas silenciadas' });
    expect(muted).toHaveTextContent('Silenciadas:Plaza de Armas hasta las 10:30');
    expect(inbox.sent('POST /zones/5/mute')).toHaveLength(1);
    // Muted already: no second offer.
    expect(within(entry('BCDF12 entró a Plaza de Armas×3')).queryByRole('button', { name: 'Silenciar zona 1 h' })).not.toBeInTheDocument();

    await user.click(within(muted).getByRole('button', { name: 'Reactivar Plaza de Armas' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Zonas silenciadas' })).not.toBeInTheDocument());
    expect(inbox.sent('DELETE /zones/5/mute')).toHaveLength(1);
    expect(within(entry('BCDF12 entró a Plaza de Armas×3')).getByRole('button', { name: 'Silenciar zona 1 h' })).toBeInTheDocument();
  });
});
