/**
 * "Mi cuenta" and "Mis documentos" on the driver's phone, as the driver sees them: loading, nothing
 * owed and no entries, the balance and the last entries, a failure with "Actualizar"; and the
 * server's push of the account after a trip's charge, a payment or a reversal (account_changed),
 * which changes it with no "Actualizar" and no request, even when it comes while the account loads.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AccountEntry } from '../../../contract/accounts';
import type { Expiry } from '../../../contract/documents';
import { fakeSocketFactory } from '../../testing/fakeSocket';
import { DRIVER_PROFILE, fakeDriverServer } from '../../testing/fakeDriverServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

function entry(overrides: Partial<AccountEntry>): AccountEntry {
  return { id: 1, driver_id: 7, kind: 'cuota', amount: 15_000, date: '2026-11-26', reason: null, reference: null, reverses_id: null, reversed_by_id: null, period: 'dia:2026-11-26', recorded_by: null, recorded_role: null, created_at: '2026-11-26T12:00:00.000Z', ...overrides };
}

function expiry(overrides: Partial<Expiry>): Expiry {
  return { subject: 'driver', vehicle_id: null, driver_id: 7, name: 'Pedro Rojas', kind: 'licencia', label: 'Licencia de conducir', document_id: 3, number: null, expires_on: '2099-01-10', days_left: 20, status: 'por_vencer', required: true, has_file: false, ...overrides };
}

/** The phone of a driver signed in before (the session kept on it), with its socket. */
function openPhone() {
  localStorage.setItem('flota:conductor:session', JSON.stringify({ token: 'driver-token', driver: DRIVER_PROFILE }));
  const sockets = fakeSocketFactory();
  return { ...renderApp('/conductor', { createSocket: sockets.createSocket }), sockets };
}

const account = () => screen.getByRole('region', { name: 'Mi cuenta' });

describe('Mi cuenta', () => {
  it('says it is loading, then that nothing is owed and there are no entries', async () => {
    const phone = fakeDriverServer();
    phone.state.hold.add('/driver/account');
    openPhone();
    expect(await within(await screen.findByRole('region', { name: 'Mi cuenta' }, SLOW)).findByText('Cargando tu cuenta...')).toBeInTheDocument();
    await waitFor(() => expect(phone.asked('GET /driver/account')).toBe(1));
    phone.release('/driver/account');
    expect(await within(account()).findByText('Al día')).toBeInTheDocument();
    expect(within(account()).getByText('Sin movimientos.')).toBeInTheDocument();
  });

  it('shows what is owed, the days behind and the last entries, newest first as the server lists them', async () => {
    fakeDriverServer({
      account: {
        balance: 20_500,
        days_behind: 2,
        terms: null,
        entries: [entry({ id: 3, kind: 'efectivo', amount: -10_000, date: '2026-11-27' }), entry({ id: 2, kind: 'multa', amount: 500, date: '2026-11-26', period: null }), entry({ id: 1 })],
      },
    });
    openPhone();
    expect(await within(await screen.findByRole('region', { name: 'Mi cuenta' }, SLOW)).findByTestId('mi-saldo')).toHaveTextContent('Debes $20.500 · 2 día(s) de atraso');
    expect(within(account()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['27/11/2026 · Pago en efectivo−$10.000', '26/11/2026 · Multa$500', '26/11/2026 · Cuota$15.000']);
  });

  it('says it could not load, and "Actualizar" tries again', async () => {
    const phone = fakeDriverServer({ account: { balance: -3_000, days_behind: 0, terms: null, entries: [] } });
    phone.state.offline = true;
    const { user } = openPhone();
    expect(await within(await screen.findByRole('region', { name: 'Mi cuenta' }, SLOW)).findByRole('alert')).toHaveTextContent('No se pudo cargar tu cuenta.');
    phone.state.offline = false;
    await user.click(within(account()).getByRole('button', { name: 'Actualizar' }));
    expect(await within(account()).findByTestId('mi-saldo')).toHaveTextContent('A favor: $3.000');
    expect(within(account()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('changes as soon as the server pushes the account (a trip charged), with no "Actualizar" and no request', async () => {
    const phone = fakeDriverServer();
    const { sockets } = openPhone();
    expect(await within(await screen.findByRole('region', { name: 'Mi cuenta' }, SLOW)).findByText('Al día')).toBeInTheDocument();
    act(() => sockets.last.simulateConnect());
    // Connecting reads again what was read before the socket was in the driver's room.
    await waitFor(() => expect(phone.asked('GET /driver/account')).toBe(2));
    const asked = phone.asked('GET /driver/account');

    const charged = { balance: 15_000, days_behind: 0, terms: null, entries: [entry({ id: 9, kind: 'cuota', amount: 15_000, date: '2026-11-27' })] };
    phone.state.account = charged;
    act(() => sockets.last.serverEmit('account_changed', charged));
    // The balance on screen before the push is 'Al día': wait for the push's, not for the element.
    await waitFor(() => expect(within(account()).getByTestId('mi-saldo')).toHaveTextContent('Debes $15.000'));
    expect(within(account()).getByText('27/11/2026 · Cuota')).toBeInTheDocument();
    expect(phone.asked('GET /driver/account')).toBe(asked);
  });

  it('keeps a push that arrives while the account is loading: the older answer does not undo it', async () => {
    const phone = fakeDriverServer();
    const { sockets, user } = openPhone();
    await screen.findByRole('region', { name: 'Mi cuenta' }, SLOW);
    act(() => sockets.last.simulateConnect());
    await waitFor(() => expect(phone.asked('GET /driver/account')).toBe(2));
    await within(account()).findByText('Al día');
    // The driver presses Actualizar; the answer, read before the payment, is slow to come.
    phone.state.hold.add('/driver/account');
    await user.click(within(account()).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(phone.asked('GET /driver/account')).toBe(3));
    const paid = { balance: -2_000, days_behind: 0, terms: null, entries: [entry({ id: 10, kind: 'transferencia', amount: -2_000, date: '2026-11-27' })] };
    act(() => sockets.last.serverEmit('account_changed', paid));
    phone.release('/driver/account');
    await waitFor(() => expect(within(account()).getByTestId('mi-saldo')).toHaveTextContent('A favor: $2.000'));
  });
});

describe('Mis documentos', () => {
  it('shows nothing while everything is in order', async () => {
    fakeDriverServer();
    openPhone();
    await screen.findByRole('region', { name: 'Mi cuenta' }, SLOW);
    expect(screen.queryByRole('region', { name: 'Mis documentos' })).not.toBeInTheDocument();
  });

  it('lists what expires soon, the taxi’s too, and says why offers do not arrive when one has expired', async () => {
    fakeDriverServer({
      documents: {
        documents: [expiry({}), expiry({ subject: 'vehicle', vehicle_id: 3, driver_id: null, name: 'KXWZ47', kind: 'revision_tecnica', label: 'Revisión técnica', expires_on: '2020-10-18', days_left: -40, status: 'vencido' })],
        blocked_reasons: ['Revisión técnica de KXWZ47 venció el 18/10/2020'],
      },
    });
    openPhone();
    const documents = await screen.findByRole('region', { name: 'Mis documentos' }, SLOW);
    expect(within(documents).getByRole('alert')).toHaveTextContent('No te llegan ofertas de viaje porque hay documentos vencidos:Revisión técnica de KXWZ47 venció el 18/10/2020Renuévalos y avisa a la central.');
    expect(within(within(documents).getByRole('list', { name: 'Documentos por vencer' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Licencia de conducir: vence el 10/01/2099',
      'Revisión técnica del taxi KXWZ47: venció el 18/10/2020',
    ]);
  });
});
