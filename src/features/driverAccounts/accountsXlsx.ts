/**
 * The estado de cuenta and the cierre del día as .xlsx (write-excel-file, loaded when asked): pesos
 * are number cells with a "$#,##0" format, days are date cells, texts go through the CSV formula guard.
 */
import { XLSX_DATE_FORMAT } from '../../../contract/dateFormat';
import type { Cell, Row } from 'write-excel-file/browser';
import { entryKindLabels, type ClosingResponse, type StatementResponse } from '../../../contract/accounts';
import { formulaSafeText } from '../../../contract/csv';
import { formatRut } from '../../../contract/rut';
import { entryDescription, recordedBy } from './accountDisplay';

const PESOS = '"$"#,##0;-"$"#,##0';
const bold = { fontWeight: 'bold' as const };
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const text = (value: string, extra: Partial<Cell> = {}): Cell => ({ value: formulaSafeText(value), type: String, ...extra }) as Cell;
const pesos = (value: number, extra: Partial<Cell> = {}): Cell => ({ value, type: Number, format: PESOS, ...extra }) as Cell;
const date = (day: string): Cell => ({ value: asDate(day), type: Date, format: XLSX_DATE_FORMAT });

export function statementRows(statement: StatementResponse): Row[] {
  const { driver } = statement;
  return [
    [text('Estado de cuenta', bold), text(`${driver.first_name} ${driver.last_name}`), text(`RUT ${formatRut(driver.rut)}`)],
    [text('Desde', bold), date(statement.from), text('Hasta', bold), date(statement.to)],
    [],
    [text('Saldo inicial', bold), pesos(statement.opening_balance, bold)],
    ['Fecha', 'Movimiento', 'Motivo o referencia', 'Registró', 'Cargo', 'Abono', 'Saldo'].map((header) => text(header, bold)),
    ...statement.entries.map((entry): Row => [
      date(entry.date),
      text(entryDescription(entry)),
      text(entry.reason ?? entry.reference ?? ''),
      text(recordedBy(entry)),
      entry.amount > 0 ? pesos(entry.amount) : null,
      entry.amount < 0 ? pesos(-entry.amount) : null,
      pesos(entry.balance),
    ]),
    [text('Totales', bold), null, null, null, pesos(statement.charges_total, bold), pesos(statement.payments_total, bold), null],
    [text('Saldo final', bold), pesos(statement.closing_balance, bold)],
  ];
}

export function closingRows(closing: ClosingResponse): Row[] {
  return [
    [text('Cierre del día', bold), date(closing.date)],
    [],
    [text('Recaudado', bold), text('Movimientos', bold), text('Monto', bold)],
    ...closing.collections.map((row): Row => [text(entryKindLabels[row.kind]), { value: row.count, type: Number }, pesos(row.total)]),
    [text('Total recaudado', bold), null, pesos(closing.collections_total, bold)],
    [text('Efectivo esperado en caja', bold), null, pesos(closing.expected_cash, bold)],
    [],
    [text('Por usuario', bold), text('Movimientos', bold), text('Recaudado', bold), text('Efectivo', bold)],
    ...closing.by_user.map((row): Row => [text(row.name), { value: row.count, type: Number }, pesos(row.total), pesos(row.cash)]),
    [],
    [text('Cargos', bold), text('Movimientos', bold), text('Monto', bold)],
    ...closing.charges.map((row): Row => [text(entryKindLabels[row.kind]), { value: row.count, type: Number }, pesos(row.total)]),
    [text('Total cargos', bold), null, pesos(closing.charges_total, bold)],
  ];
}

export async function xlsxBlob(rows: Row[], sheet: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx" */ 'write-excel-file/browser');
  return writeXlsxFile(rows, { columns: [{ width: 14 }, { width: 34 }, { width: 24 }, { width: 22 }, { width: 12 }, { width: 12 }, { width: 12 }], sheet }).toBlob();
}
