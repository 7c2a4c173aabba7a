/** @jest-environment node */
/**
 * The estado de cuenta and the cierre del día as .xlsx, read back as a spreadsheet would: pesos are
 * number cells (charges and payments in their own columns, the running balance beside), days are date
 * cells, and a reason typed like a formula is guarded text, never a formula. (This was read back in
 * Chromium by e2e/accounts.spec.ts; the file is the same written here.)
 */
import type { ClosingResponse, StatementResponse } from '../../../contract/accounts';
import { makeEntry } from '../../testing/fakeAccounts';
import { readBack } from '../../testing/xlsxReadBack';
import { closingRows, statementRows, xlsxBlob } from './accountsXlsx';

const statement: StatementResponse = {
  driver: { id: 7, first_name: 'Rosa', last_name: 'Cuevas', rut: '187654327' },
  from: '2026-11-01',
  to: '2026-11-27',
  opening_balance: 0,
  entries: [
    { ...makeEntry({ id: 1, driver_id: 7, kind: 'cuota', amount: 20_000, date: '2026-11-26', period: 'dia:2026-11-26' }), balance: 20_000 },
    { ...makeEntry({ id: 2, driver_id: 7, kind: 'efectivo', amount: -15_000, date: '2026-11-27', recorded_by: 'Daniela Pérez', reason: '=HYPERLINK("http://x","y")' }), balance: 5_000 },
  ],
  charges_total: 20_000,
  payments_total: 15_000,
  closing_balance: 5_000,
};

/** Days since 1899-12-30, as a spreadsheet counts a date. */
const serial = (day: string) => (Date.parse(`${day}T00:00:00Z`) - Date.parse('1899-12-30T00:00:00Z')) / 86_400_000;

it('writes the estado de cuenta: its period as dates, each entry with its charge or payment and the running balance, and the closing balance as a number', async () => {
  const { cells, value, styles } = await readBack(await xlsxBlob(statementRows(statement), 'Estado de cuenta'));
  expect(cells.some((cell) => cell.formula)).toBe(false);
  expect([value('A1'), value('B1'), value('C1')].map((cell) => cell?.value)).toEqual(['Estado de cuenta', 'Rosa Cuevas', 'RUT 18.765.432-7']);
  expect([value('B2'), value('D2')]).toEqual([
    { kind: 'number', value: serial('2026-11-01') },
    { kind: 'number', value: serial('2026-11-27') },
  ]);
  expect(styles).toContain('dd/mm/yyyy');

  const rowOf = (text: string) => cells.find((cell) => cell.ref.startsWith('A') && value(cell.ref)?.value === text)?.ref.slice(1);
  const header = Number(rowOf('Fecha'));
  expect(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((column) => value(`${column}${header}`)?.value)).toEqual(['Fecha', 'Movimiento', 'Motivo o referencia', 'Registró', 'Cargo', 'Abono', 'Saldo']);
  const [charge, payment] = [header + 1, header + 2];
  expect(['A', 'B', 'D', 'E', 'G'].map((column) => value(`${column}${charge}`))).toEqual([
    { kind: 'number', value: serial('2026-11-26') },
    { kind: 'text', value: 'Cuota del día 26/11/2026' },
    { kind: 'text', value: 'Flota (automático)' },
    { kind: 'number', value: 20_000 },
    { kind: 'number', value: 20_000 },
  ]);
  expect(value(`F${charge}`)).toBeUndefined();
  expect(['B', 'C', 'D', 'F', 'G'].map((column) => value(`${column}${payment}`))).toEqual([
    { kind: 'text', value: 'Pago en efectivo' },
    { kind: 'text', value: '\'=HYPERLINK("http://x","y")' },
    { kind: 'text', value: 'Daniela Pérez' },
    { kind: 'number', value: 15_000 },
    { kind: 'number', value: 5_000 },
  ]);
  const closing = rowOf('Saldo final');
  expect(value(`B${closing}`)).toEqual({ kind: 'number', value: 5_000 });
  expect(value(`B${rowOf('Saldo inicial')}`)).toEqual({ kind: 'number', value: 0 });
  expect([value(`E${rowOf('Totales')}`), value(`F${rowOf('Totales')}`)]).toEqual([
    { kind: 'number', value: 20_000 },
    { kind: 'number', value: 15_000 },
  ]);
  // Pesos show as "$20.000" in the spreadsheet: a number format, not text.
  expect(styles).toContain('&quot;$&quot;#,##0');
});

it('writes the cierre del día: collections by method, by user with their cash, charges, and the expected cash', async () => {
  const closing: ClosingResponse = {
    date: '2026-11-27',
    collections: [
      { kind: 'efectivo', count: 2, total: 35_000 },
      { kind: 'transferencia', count: 1, total: 20_000 },
    ],
    collections_total: 55_000,
    by_user: [{ name: 'Daniela Pérez', role: 'operador', count: 3, total: 55_000, cash: 35_000 }],
    charges: [{ kind: 'cuota', count: 4, total: 80_000 }],
    charges_total: 80_000,
    expected_cash: 35_000,
  };
  const { cells, value } = await readBack(await xlsxBlob(closingRows(closing), 'Cierre del día'));
  const rowOf = (text: string) => cells.find((cell) => cell.ref.startsWith('A') && value(cell.ref)?.value === text)?.ref.slice(1);
  expect(value('B1')).toEqual({ kind: 'number', value: serial('2026-11-27') });
  expect(['A', 'B', 'C'].map((column) => value(`${column}${rowOf('Pago en efectivo')}`)?.value)).toEqual(['Pago en efectivo', 2, 35_000]);
  expect(value(`C${rowOf('Total recaudado')}`)).toEqual({ kind: 'number', value: 55_000 });
  expect(value(`C${rowOf('Efectivo esperado en caja')}`)).toEqual({ kind: 'number', value: 35_000 });
  expect(['B', 'C', 'D'].map((column) => value(`${column}${rowOf('Daniela Pérez')}`)?.value)).toEqual([3, 55_000, 35_000]);
  expect(value(`C${rowOf('Total cargos')}`)).toEqual({ kind: 'number', value: 80_000 });
});
