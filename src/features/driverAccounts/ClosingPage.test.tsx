/**
 * Cierre del día: the cash expected in the drawer, what was collected by method and by desk user
 * (with their cash), the day's charges, another day asked for, Excel, and the load's states. The
 * fleet's day is pinned: 27/11/2026.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ClosingResponse } from '../../../contract/accounts';
import { captureDownloads } from '../../testing/downloads';
import { serveLedger } from '../../testing/fakeAccounts';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };
const TODAY = '2026-11-27';

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-27T15:00:00Z'), advanceTimers: true }));
afterEach(() => jest.useRealTimers());

const busyDay = (date: string): ClosingResponse => ({
  date,
  collections: [
    { kind: 'efectivo', count: 2, total: 35_000 },
    { kind: 'transferencia', count: 1, total: 20_000 },
  ],
  collections_total: 55_000,
  by_user: [
    { name: 'Daniela Pérez', role: 'operador', count: 2, total: 35_000, cash: 15_000 },
    { name: 'Carolina Muñoz', role: 'dueño', count: 1, total: 20_000, cash: 20_000 },
  ],
  charges: [{ kind: 'cuota', count: 4, total: 80_000 }],
  charges_total: 80_000,
  expected_cash: 35_000,
});
const quietDay = (date: string): ClosingResponse => ({ date, collections: [], collections_total: 0, by_user: [], charges: [], charges_total: 0, expected_cash: 0 });

/** A table's rows (body and footer) as their cells' texts. */
const rowsOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

it('adds up the day: cash expected, collected by method and by user with their cash, and the charges', async () => {
  serveLedger({ today: TODAY, closing: busyDay });
  renderApp('/dashboard/accounts/closing', { signedIn: true });
  expect(await screen.findByTestId('efectivo-esperado', {}, SLOW)).toHaveTextContent('$35.000');
  expect(screen.getByRole('heading', { level: 1, name: 'Cierre del día' })).toBeInTheDocument();
  expect(screen.getByText('27/11/2026', { selector: 'p' })).toBeInTheDocument();
  expect(screen.getByTestId('total-recaudado')).toHaveTextContent('$55.000');
  expect(screen.getByTestId('total-cargos')).toHaveTextContent('$80.000');
  expect(rowsOf('Recaudado por medio de pago')).toEqual([
    ['Pago en efectivo', '2', '$35.000'],
    ['Pago por transferencia', '1', '$20.000'],
    ['Total', '', '$55.000'],
  ]);
  expect(rowsOf('Recaudado por usuario')).toEqual([
    ['Daniela Pérez (Operador)', '2', '$35.000', '$15.000'],
    ['Carolina Muñoz (Dueño)', '1', '$20.000', '$20.000'],
    ['Total', '', '$55.000', ''],
  ]);
  expect(rowsOf('Cargos del día')).toEqual([
    ['Cuota', '4', '$80.000'],
    ['Total', '', '$80.000'],
  ]);
});

it('says Nada registrado. for a day with nothing, and asks for another day when it is chosen (never a future one)', async () => {
  serveLedger({ today: TODAY, closing: (date) => (date === '2026-11-20' ? busyDay(date) : quietDay(date)) });
  renderApp('/dashboard/accounts/closing', { signedIn: true });
  expect(await screen.findByTestId('efectivo-esperado', {}, SLOW)).toHaveTextContent('$0');
  expect(rowsOf('Recaudado por medio de pago')[0]).toEqual(['Nada registrado.']);
  expect(rowsOf('Cargos del día')[0]).toEqual(['Nada registrado.']);
  const day = screen.getByLabelText('Día');
  expect(day).toHaveValue('27/11/2026');
  fireEvent.change(day, { target: { value: '2026-11-20' } });
  await waitFor(() => expect(screen.getByTestId('efectivo-esperado')).toHaveTextContent('$35.000'));
  expect(screen.getByText('20/11/2026', { selector: 'p' })).toBeInTheDocument();
  // Never a future day: the field (a typed dd/mm/aaaa since issue 46, no native max) says so when left.
  fireEvent.change(day, { target: { value: '28/11/2026' } });
  fireEvent.blur(day);
  expect(await screen.findByText('La fecha debe ser el 27/11/2026 o antes.')).toBeInTheDocument();
});

it('says Cargando cierre del día... then, when it fails, that it could not be loaded; Reintentar asks again', async () => {
  serveLedger({ today: TODAY, closing: busyDay });
  let failures = 1;
  server.use(
    http.get(`${API}/accounts/closing`, async () => {
      await delay(100);
      return failures-- > 0 ? HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }) : undefined;
    }),
  );
  const { user } = renderApp('/dashboard/accounts/closing', { signedIn: true });
  expect(await screen.findByText('Cargando cierre del día...', {}, SLOW)).toHaveAttribute('role', 'status');
  expect(await screen.findByText('No se pudo cargar el cierre del día.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByTestId('efectivo-esperado')).toHaveTextContent('$35.000');
});

it('saves the day as Excel, named after it', async () => {
  serveLedger({ today: TODAY, closing: busyDay });
  const downloads = captureDownloads();
  try {
    const { user } = renderApp('/dashboard/accounts/closing', { signedIn: true });
    await screen.findByTestId('efectivo-esperado', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    await waitFor(() => expect(downloads.files.map((file) => file.name)).toEqual(['cierre-del-dia-2026-11-27.xlsx']));
    expect(downloads.files[0].blob.size).toBeGreaterThan(0);
  } finally {
    downloads.restore();
  }
});
