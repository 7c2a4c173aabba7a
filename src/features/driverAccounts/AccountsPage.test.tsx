/**
 * Cuentas as the desk sees it: every driver's balance, terms and days behind, most owed first or by
 * name; loading and a failed load; the fleet's settings and the taxímetro tariff for the Dueño and the
 * Administrador only, each refusing bad input in Spanish and sending nothing; and the dashboard's
 * drivers behind.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { ana, makeEntry, makeTerms, rosa, serveLedger, tomas } from '../../testing/fakeAccounts';
import { deskUser } from '../../testing/deskRoles';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };
const TODAY = '2026-11-27';

/** Tomás owes a week of cuotas, Rosa is up to date, Ana paid ahead. */
function fleetLedger(extra: Partial<Parameters<typeof serveLedger>[0]> = {}) {
  return serveLedger({
    today: TODAY,
    drivers: [rosa, tomas, ana],
    entries: [
      makeEntry({ id: 1, driver_id: tomas.id, kind: 'cuota', amount: 20_000, date: '2026-11-22', period: 'dia:2026-11-22' }),
      makeEntry({ id: 2, driver_id: ana.id, kind: 'transferencia', amount: -5_000, date: '2026-11-20', reference: 'TRX-1' }),
    ],
    termsOf: { [tomas.id]: [makeTerms({ kind: 'diaria', amount: 20_000 })], [ana.id]: [makeTerms({ kind: 'porcentaje', amount: 30 })] },
    ...extra,
  });
}

/** The balances table's rows: name, terms, balance, days behind. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'Saldos de los conductores' }, SLOW);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('Cuentas: the balances', () => {
  it('lists each driver most owed first: terms, "Debe", "A favor" or "Al día", and the days behind; the fleet’s total owed on top', async () => {
    fleetLedger();
    renderApp('/dashboard/accounts', { signedIn: true });
    expect(await rows()).toEqual([
      ['Tomás Fuentes', 'Cuota diaria: $20.000', 'Debe $20.000', '5'],
      ['Rosa Cuevas', 'Sin condiciones', 'Al día', '0'],
      ['Ana Soto', 'Porcentaje de lo recaudado: 30%', 'A favor $5.000', '0'],
    ]);
    expect(screen.getByText('Deuda total de la flota: $20.000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tomás Fuentes' })).toHaveAttribute('href', '/dashboard/accounts/8');
    expect(screen.getByRole('link', { name: 'Cierre del día' })).toHaveAttribute('href', '/dashboard/accounts/closing');
  });

  it('sorts by name (last name first) and back by debt', async () => {
    fleetLedger();
    const { user } = renderApp('/dashboard/accounts', { signedIn: true });
    await rows();
    await user.click(screen.getByRole('button', { name: 'Conductor' }));
    expect((await rows()).map((row) => row[0])).toEqual(['Rosa Cuevas', 'Tomás Fuentes', 'Ana Soto']);
    expect(screen.getByRole('button', { name: 'Conductor' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Saldo' }));
    expect((await rows()).map((row) => row[0])).toEqual(['Tomás Fuentes', 'Rosa Cuevas', 'Ana Soto']);
  });

  it('says Cargando cuentas... until the balances answer', async () => {
    fleetLedger();
    server.use(
      http.get(`${API}/accounts/balances`, async () => {
        await delay(150);
        return HttpResponse.json({ balances: [], total_owed: 0, behind_days_alert: 3 });
      }),
    );
    renderApp('/dashboard/accounts', { signedIn: true });
    expect(await screen.findByText('Cargando cuentas...', {}, SLOW)).toHaveAttribute('role', 'status');
    expect(await rows()).toEqual([]);
    expect(screen.getByText('Deuda total de la flota: $0')).toBeInTheDocument();
  });

  it('says the balances could not be loaded, and Reintentar asks again', async () => {
    fleetLedger();
    let failures = 1;
    server.use(http.get(`${API}/accounts/balances`, () => (failures-- > 0 ? HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }) : undefined)));
    const { user } = renderApp('/dashboard/accounts', { signedIn: true });
    expect(await screen.findByText('No se pudieron cargar las cuentas.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await rows()).toHaveLength(3);
  });
});

describe('Cuentas: the fleet’s settings and tariff', () => {
  it('are the Dueño’s and the Administrador’s; the Operador reads the balances without them', async () => {
    deskUser('operador');
    fleetLedger();
    renderApp('/dashboard/accounts', { signedIn: true });
    expect(await rows()).toHaveLength(3);
    expect(screen.queryByRole('form', { name: 'Ajustes de cuentas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Tarifa del taxímetro' })).not.toBeInTheDocument();
  });

  it('saves whether days without a shift are charged and when a driver is behind; 0 days is refused before sending; a failure is said', async () => {
    deskUser('administrador');
    const ledger = fleetLedger();
    const { user } = renderApp('/dashboard/accounts', { signedIn: true });
    const form = await screen.findByRole('form', { name: 'Ajustes de cuentas' }, SLOW);
    const behind = within(form).getByLabelText('Requiere atención con más de (días de atraso)');
    expect(behind).toHaveValue(3);
    await user.click(within(form).getByLabelText('Cobrar la cuota diaria (o semanal) también los días sin turno'));
    await user.clear(behind);
    await user.type(behind, '0');
    await user.click(within(form).getByRole('button', { name: 'Guardar ajustes' }));
    // The browser refuses it (at least 1 day) and says why in its own bubble.
    expect(behind).toBeInvalid();
    expect(ledger.sent('PUT /accounts/settings')).toEqual([]);

    await user.clear(behind);
    await user.type(behind, '5');
    server.use(http.put(`${API}/accounts/settings`, () => HttpResponse.error(), { once: true }));
    await user.click(within(form).getByRole('button', { name: 'Guardar ajustes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('No se pudo guardar. Intenta nuevamente.');
    await user.click(within(form).getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText('Ajustes de cuentas guardados.')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(ledger.sent('PUT /accounts/settings').map((request) => request.body)).toEqual([{ charge_days_without_shift: true, behind_days_alert: 5 }]);
  });

  it('prices a 3 km, 10 minute trip as the tariff is typed, saves it on, and refuses a decimal before sending', async () => {
    const ledger = fleetLedger();
    const { user } = renderApp('/dashboard/accounts', { signedIn: true });
    const tariff = await screen.findByRole('form', { name: 'Tarifa del taxímetro' }, SLOW);
    await user.click(within(tariff).getByLabelText('Registrar la tarifa de cada viaje'));
    await user.type(within(tariff).getByLabelText('Bajada de bandera'), '450');
    await user.type(within(tariff).getByLabelText('Por cada 200 m o 60 s'), '190,5');
    expect(tariff).not.toHaveTextContent('un viaje de 3 km');
    await user.click(within(tariff).getByRole('button', { name: 'Guardar tarifa' }));
    expect(within(tariff).getByRole('alert')).toHaveTextContent('Escribe la bajada de bandera y el valor por tramo en pesos enteros (por ejemplo 450).');
    expect(ledger.sent('PUT /dispatch/fare-tariff')).toEqual([]);

    await user.clear(within(tariff).getByLabelText('Por cada 200 m o 60 s'));
    await user.type(within(tariff).getByLabelText('Por cada 200 m o 60 s'), '190');
    // 3 km in 10 minutes: 15 steps of 200 m.
    expect(tariff).toHaveTextContent('Con esta tarifa, un viaje de 3 km en 10 minutos marca $3.300.');
    await user.click(within(tariff).getByRole('button', { name: 'Guardar tarifa' }));
    expect(await screen.findByText('Tarifa guardada: los viajes registran su tarifa.')).toBeInTheDocument();
    expect(ledger.sent('PUT /dispatch/fare-tariff').map((request) => request.body)).toEqual([{ enabled: true, flag_down: 450, step: 190 }]);
  });

  it('starts from the saved tariff and says when trips stop recording fares', async () => {
    const ledger = fleetLedger({ tariff: { enabled: true, flag_down: 500, step: 200 } });
    const { user } = renderApp('/dashboard/accounts', { signedIn: true });
    const tariff = await screen.findByRole('form', { name: 'Tarifa del taxímetro' }, SLOW);
    expect(within(tariff).getByLabelText('Bajada de bandera')).toHaveValue('$500');
    expect(within(tariff).getByLabelText('Registrar la tarifa de cada viaje')).toBeChecked();
    await user.click(within(tariff).getByLabelText('Registrar la tarifa de cada viaje'));
    await user.click(within(tariff).getByRole('button', { name: 'Guardar tarifa' }));
    expect(await screen.findByText('Tarifa guardada: los viajes no registran tarifa.')).toBeInTheDocument();
    expect(ledger.sent('PUT /dispatch/fare-tariff').map((request) => request.body)).toEqual([{ enabled: false, flag_down: 500, step: 200 }]);
  });
});

describe('the dashboard’s Requiere atención', () => {
  it('lists the drivers behind by more than the fleet’s days, each with a link to their account', async () => {
    fleetLedger();
    const { user, router } = renderApp('/dashboard', { signedIn: true });
    const behind = await screen.findByRole('list', { name: 'Conductores con atraso en su cuenta' }, SLOW);
    const items = within(behind).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Cuenta atrasadaTomás Fuentes: 5 días de atraso, debe $20.000Ver cuenta']);
    await user.click(within(items[0]).getByRole('link', { name: 'Ver cuenta de Tomás Fuentes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/accounts/8'));
  });

  it('lists nobody when no one is behind by more than the fleet’s days', async () => {
    fleetLedger({ settings: { charge_days_without_shift: false, behind_days_alert: 7 } });
    renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('heading', { name: /^Requiere atención/ }, SLOW);
    expect(screen.queryByRole('list', { name: 'Conductores con atraso en su cuenta' })).not.toBeInTheDocument();
  });
});
