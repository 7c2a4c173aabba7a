/**
 * A driver's account at the desk: the balance, terms and their history, the last entries, the estado
 * de cuenta of a period and its Excel; a payment recorded once per filling (the same key for a retry),
 * amounts refused in Spanish before sending, the server's reasons as given, charges and reversals for
 * the Dueño and the Administrador only, and new terms. The fleet's day is pinned: 27/11/2026.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { AccountMessages, type AccountEntry } from '../../../contract/accounts';
import { deskUser } from '../../testing/deskRoles';
import { captureDownloads } from '../../testing/downloads';
import { makeEntry, makeTerms, rosa, serveLedger } from '../../testing/fakeAccounts';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };
const TODAY = '2026-11-27';

// Noon in La Ligua on the 27th; time runs on from there, so the screens' waits work as usual.
beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-27T15:00:00Z'), advanceTimers: true }));
afterEach(() => jest.useRealTimers());

/** Rosa owed October's last cuota, paid it in November, and owes the 26th's. */
const rosaEntries: AccountEntry[] = [
  makeEntry({ id: 1, driver_id: rosa.id, kind: 'cuota', amount: 20_000, date: '2026-10-31', period: 'dia:2026-10-31' }),
  makeEntry({ id: 2, driver_id: rosa.id, kind: 'efectivo', amount: -20_000, date: '2026-11-03', recorded_by: 'Daniela Pérez', recorded_role: 'operador' }),
  makeEntry({ id: 3, driver_id: rosa.id, kind: 'cuota', amount: 20_000, date: '2026-11-26', period: 'dia:2026-11-26' }),
];

function rosaLedger(extra: Partial<Parameters<typeof serveLedger>[0]> = {}) {
  return serveLedger({ today: TODAY, drivers: [rosa], entries: rosaEntries, termsOf: { [rosa.id]: [makeTerms({ kind: 'semanal', amount: 90_000, effective_from: '2026-09-01' }), makeTerms({ id: 2, kind: 'diaria', amount: 20_000 })] }, ...extra });
}

async function openAccount() {
  const view = renderApp(`/dashboard/accounts/${rosa.id}`, { signedIn: true });
  await screen.findByRole('heading', { level: 1, name: 'Cuenta de Rosa Cuevas' }, SLOW);
  return view;
}

/** A table's body rows as their cells' texts. */
function tableRows(name: RegExp | string) {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
}

const saldo = () => screen.getByTestId('saldo');
const entryForm = () => screen.getByRole('form', { name: 'Registrar movimiento' });

describe('a driver’s account', () => {
  it('shows the balance, days behind, the terms and their history, and the last entries newest first', async () => {
    rosaLedger();
    await openAccount();
    expect(screen.getByText('Cuota diaria: $20.000', { selector: 'p' })).toBeInTheDocument();
    expect(saldo()).toHaveTextContent('Debe $20.000');
    expect(screen.getByText('Historial de condiciones').closest('details')).toHaveTextContent(
      'Cuota diaria: $20.000 desde el 01/11/2026 (registró Carolina Muñoz)Cuota semanal: $90.000 desde el 01/09/2026 (registró Carolina Muñoz)',
    );
    expect(tableRows(/^Últimos movimientos/)).toEqual([
      ['26/11/2026', 'Cuota del día 26/11/2026', '', 'Flota (automático)', '$20.000', '', 'Reversar'],
      ['03/11/2026', 'Pago en efectivo', '', 'Daniela Pérez', '', '$20.000', 'Reversar'],
      ['31/10/2026', 'Cuota del día 31/10/2026', '', 'Flota (automático)', '$20.000', '', 'Reversar'],
    ]);
  });

  it('says Cargando cuenta... and then, for a driver it cannot find, that the account could not be loaded', async () => {
    rosaLedger();
    server.use(
      http.get(`${API}/accounts/drivers/:id`, async () => {
        await delay(150);
        return HttpResponse.json({ error: AccountMessages.driverNotFound }, { status: 404 });
      }),
    );
    renderApp('/dashboard/accounts/99', { signedIn: true });
    expect(await screen.findByText('Cargando cuenta...', {}, SLOW)).toHaveAttribute('role', 'status');
    expect(await screen.findByText('No se pudo cargar la cuenta.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByTestId('saldo')).not.toBeInTheDocument();
  });

  it('shows the estado de cuenta of this month, with its running balance; another period is asked for; Excel saves it', async () => {
    const ledger = rosaLedger();
    const downloads = captureDownloads();
    try {
      const { user } = await openAccount();
      const statement = await screen.findByRole('table', { name: 'Movimientos del 01/11/2026 al 27/11/2026' });
      const figures = statement.closest('section')?.querySelector('dl') as HTMLElement;
      expect(figures).toHaveTextContent('Saldo inicial$20.000Cargos$20.000Abonos$20.000Saldo final$20.000');
      expect(tableRows('Movimientos del 01/11/2026 al 27/11/2026').map((row) => [row[1], row[4], row[5], row[6]])).toEqual([
        ['Pago en efectivo', '', '$20.000', '$0'],
        ['Cuota del día 26/11/2026', '$20.000', '', '$20.000'],
      ]);

      fireEvent.change(screen.getByLabelText('Desde', { selector: '.flota-accounts-statement input' }), { target: { value: '2026-10-01' } });
      await screen.findByRole('table', { name: 'Movimientos del 01/10/2026 al 27/11/2026' });
      expect(ledger.sent(`GET /accounts/drivers/${rosa.id}/statement`).length).toBeGreaterThanOrEqual(2);
      expect(screen.getByTestId('saldo-final')).toHaveTextContent('$20.000');
      expect(tableRows('Movimientos del 01/10/2026 al 27/11/2026')).toHaveLength(3);

      await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
      await waitFor(() => expect(downloads.files.map((file) => file.name)).toEqual(['estado-de-cuenta-cuevas-2026-10-01-a-2026-11-27.xlsx']));
    } finally {
      downloads.restore();
    }
  });
});

describe('recording a payment', () => {
  it('stores a cash payment once: the balance moves and a notice says so; a retry after a failure sends the same key, the next payment a new one', async () => {
    const ledger = rosaLedger();
    const { user } = await openAccount();
    await user.type(within(entryForm()).getByLabelText('Monto ($)'), '15.000');
    const failedKeys: (string | null)[] = [];
    server.use(
      http.post(
        `${API}/accounts/drivers/:id/entries`,
        ({ request }) => {
          failedKeys.push(request.headers.get('Idempotency-Key'));
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    await user.click(within(entryForm()).getByRole('button', { name: 'Registrar' }));
    expect(await within(entryForm()).findByRole('alert')).toHaveTextContent('No se pudo guardar. Intenta nuevamente.');
    expect(saldo()).toHaveTextContent('Debe $20.000');

    await user.click(within(entryForm()).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Pago en efectivo de $15.000 registrado. Saldo: Debe $5.000.')).toBeInTheDocument();
    await waitFor(() => expect(saldo()).toHaveTextContent('Debe $5.000'));
    expect(within(entryForm()).getByLabelText('Monto ($)')).toHaveValue('');

    await user.type(within(entryForm()).getByLabelText('Monto ($)'), '5000');
    await user.click(within(entryForm()).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(saldo()).toHaveTextContent('Al día'));

    const sent = ledger.sent(`POST /accounts/drivers/${rosa.id}/entries`);
    expect(sent.map((request) => request.body)).toEqual([
      { kind: 'efectivo', amount: 15_000, reason: null, reference: null },
      { kind: 'efectivo', amount: 5_000, reason: null, reference: null },
    ]);
    // The failed try and its retry are one filling: one key, which the server stores once.
    expect(sent[0].key).toMatch(/^[A-Za-z0-9._:-]{1,100}$/);
    expect(failedKeys).toEqual([sent[0].key]);
    expect(sent[1].key).not.toBe(sent[0].key);
    expect(ledger.entries().filter((entry) => entry.kind === 'efectivo' && entry.date === TODAY)).toHaveLength(2);
  });

  it('sends the same key for every click of one filling: a double click stores one payment', async () => {
    const ledger = rosaLedger();
    server.use(
      http.post(`${API}/accounts/drivers/:id/entries`, async () => {
        await delay(100);
        return undefined;
      }),
    );
    const { user } = await openAccount();
    await user.type(within(entryForm()).getByLabelText('Monto ($)'), '15.000');
    await user.dblClick(within(entryForm()).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(saldo()).toHaveTextContent('Debe $5.000'));
    const keys = ledger.sent(`POST /accounts/drivers/${rosa.id}/entries`).map((request) => request.key);
    expect(new Set(keys).size).toBe(1);
    expect(ledger.entries().filter((entry) => entry.kind === 'efectivo' && entry.date === TODAY)).toHaveLength(1);
  });

  it.each([
    ['nothing', ''],
    ['decimals', '12500,5'],
    ['a negative amount', '-3'],
    ['words', 'veinte mil'],
  ])('refuses %s in Spanish and sends nothing', async (_what, typed) => {
    const ledger = rosaLedger();
    const { user } = await openAccount();
    if (typed) await user.type(within(entryForm()).getByLabelText('Monto ($)'), typed);
    await user.click(within(entryForm()).getByRole('button', { name: 'Registrar' }));
    expect(within(entryForm()).getByRole('alert')).toHaveTextContent('Escribe el monto en pesos enteros, por ejemplo 20.000');
    expect(ledger.sent(`POST /accounts/drivers/${rosa.id}/entries`)).toEqual([]);
  });

  it('asks for a transfer’s reference: the server’s reason is shown as given', async () => {
    const ledger = rosaLedger();
    const { user } = await openAccount();
    await user.selectOptions(within(entryForm()).getByLabelText('Tipo'), 'Pago por transferencia');
    await user.type(within(entryForm()).getByLabelText('Monto ($)'), '20.000');
    await user.click(within(entryForm()).getByRole('button', { name: 'Registrar' }));
    expect(await within(entryForm()).findByRole('alert')).toHaveTextContent(AccountMessages.referenceRequired);
    expect(saldo()).toHaveTextContent('Debe $20.000');
    await user.type(within(entryForm()).getByLabelText('Referencia'), 'TRX-88');
    await user.click(within(entryForm()).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Pago por transferencia de $20.000 registrado. Saldo: Al día.')).toBeInTheDocument();
    expect(ledger.sent(`POST /accounts/drivers/${rosa.id}/entries`).at(-1)?.body).toEqual({ kind: 'transferencia', amount: 20_000, reason: null, reference: 'TRX-88' });
  });
});

describe('what each role may do', () => {
  it('the Operador records payments only: no charges, no terms, no reversals', async () => {
    deskUser('operador');
    rosaLedger();
    await openAccount();
    await screen.findByText('Operador', { selector: '.flota-sidebar__role' });
    expect(within(entryForm()).getByRole('heading', { name: 'Registrar pago' })).toBeInTheDocument();
    expect(within(within(entryForm()).getByLabelText('Tipo')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Pago en efectivo', 'Pago por transferencia', 'Descuento']);
    expect(screen.queryByRole('form', { name: 'Condiciones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reversar' })).not.toBeInTheDocument();
  });

  it('the Dueño charges with a reason; a charge without one is refused by the server in Spanish', async () => {
    const ledger = rosaLedger();
    const { user } = await openAccount();
    expect(within(entryForm()).getByRole('heading', { name: 'Registrar pago o cargo' })).toBeInTheDocument();
    await user.selectOptions(within(entryForm()).getByLabelText('Tipo'), 'Multa');
    await user.type(within(entryForm()).getByLabelText('Monto ($)'), '8.000');
    await user.click(within(entryForm()).getByRole('button', { name: 'Registrar' }));
    expect(await within(entryForm()).findByRole('alert')).toHaveTextContent(AccountMessages.reasonRequired);
    await user.type(within(entryForm()).getByLabelText('Motivo'), 'Parte empadronado');
    await user.click(within(entryForm()).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(saldo()).toHaveTextContent('Debe $28.000'));
    expect(ledger.sent(`POST /accounts/drivers/${rosa.id}/entries`).at(-1)?.body).toEqual({ kind: 'multa', amount: 8_000, reason: 'Parte empadronado', reference: null });
  });

  it('the Dueño reverses an entry with a reason: it reads reversed, its reversal names it, and the balance follows; no reason, nothing sent', async () => {
    const ledger = rosaLedger();
    const prompt = jest.spyOn(window, 'prompt').mockReturnValueOnce(null).mockReturnValueOnce('Pago registrado dos veces');
    try {
      const { user } = await openAccount();
      const payment = within(screen.getByRole('table', { name: /^Últimos movimientos/ })).getByText('Pago en efectivo').closest('tr') as HTMLElement;
      await user.click(within(payment).getByRole('button', { name: 'Reversar' }));
      expect(prompt).toHaveBeenLastCalledWith('Motivo de la reversa de "Pago en efectivo" por $20.000');
      expect(ledger.sent('POST /accounts/entries/2/reverse')).toEqual([]);

      await user.click(within(payment).getByRole('button', { name: 'Reversar' }));
      expect(await screen.findByText('Movimiento reversado.')).toBeInTheDocument();
      await waitFor(() => expect(saldo()).toHaveTextContent('Debe $40.000'));
      const latest = tableRows(/^Últimos movimientos/);
      expect(latest[0].slice(1, 5)).toEqual(['Reversa del movimiento #2', 'Pago registrado dos veces', 'Carolina Muñoz', '$20.000']);
      expect(latest.find((row) => row[1]?.startsWith('Pago en efectivo'))?.[1]).toBe('Pago en efectivo (reversado)');
      // Neither a reversal nor a reversed entry is reversed again.
      expect(screen.getAllByRole('button', { name: 'Reversar' })).toHaveLength(2);
      expect(ledger.sent('POST /accounts/entries/2/reverse').map((request) => request.body)).toEqual([{ reason: 'Pago registrado dos veces' }]);
    } finally {
      prompt.mockRestore();
    }
  });
});

describe('new terms', () => {
  const termsForm = () => screen.getByRole('form', { name: 'Condiciones' });

  it('a porcentaje says what it charges on; a part of a percent is refused before sending, over 100 by the server; 30 % is kept from today', async () => {
    const ledger = rosaLedger();
    const { user } = await openAccount();
    await user.selectOptions(within(termsForm()).getByLabelText('Condición'), 'Porcentaje de lo recaudado');
    expect(await within(termsForm()).findByText(/^La flota no registra tarifas: activa la Tarifa del taxímetro/)).toBeInTheDocument();
    const amount = within(termsForm()).getByLabelText('Porcentaje (%)');
    await user.type(amount, '30,5');
    await user.click(within(termsForm()).getByRole('button', { name: 'Guardar condiciones' }));
    expect(within(termsForm()).getByRole('alert')).toHaveTextContent('Escribe el porcentaje como número entero');
    expect(ledger.sent(`POST /accounts/drivers/${rosa.id}/terms`)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(within(termsForm()).getByRole('button', { name: 'Guardar condiciones' }));
    expect(await within(termsForm()).findByRole('alert')).toHaveTextContent(AccountMessages.percent);

    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(within(termsForm()).getByRole('button', { name: 'Guardar condiciones' }));
    expect(await screen.findByText('Condiciones guardadas.')).toBeInTheDocument();
    expect(await screen.findByText('Porcentaje de lo recaudado: 30%', { selector: 'p' })).toBeInTheDocument();
    expect(ledger.sent(`POST /accounts/drivers/${rosa.id}/terms`).map((request) => request.body)).toEqual([
      { kind: 'porcentaje', amount: 150, effective_from: TODAY },
      { kind: 'porcentaje', amount: 30, effective_from: TODAY },
    ]);
  });

  it('with the fleet’s tariff on, a porcentaje charges on each shift’s fares', async () => {
    rosaLedger({ tariff: { enabled: true, flag_down: 450, step: 190 } });
    const { user } = await openAccount();
    await user.selectOptions(within(termsForm()).getByLabelText('Condición'), 'Porcentaje de lo recaudado');
    expect(await within(termsForm()).findByText(/^Al finalizar cada viaje se carga este porcentaje de su tarifa/)).toBeInTheDocument();
  });

  it('a cuota in pesos, from a later day', async () => {
    const ledger = rosaLedger();
    const { user } = await openAccount();
    expect(within(termsForm()).getByLabelText('Desde')).toHaveValue('27/11/2026');
    await user.selectOptions(within(termsForm()).getByLabelText('Condición'), 'Cuota por turno');
    await user.type(within(termsForm()).getByLabelText('Monto ($)'), '$ 12.000');
    fireEvent.change(within(termsForm()).getByLabelText('Desde'), { target: { value: '2026-12-01' } });
    await user.click(within(termsForm()).getByRole('button', { name: 'Guardar condiciones' }));
    expect(await screen.findByText('Condiciones guardadas.')).toBeInTheDocument();
    expect(ledger.sent(`POST /accounts/drivers/${rosa.id}/terms`).map((request) => request.body)).toEqual([{ kind: 'por_turno', amount: 12_000, effective_from: '2026-12-01' }]);
  });
});
