/** Vencimientos as a real .xlsx (write-excel-file, loaded only when asked): one row per document, dates as date cells. */
import { XLSX_DATE_FORMAT } from '../../../contract/dateFormat';
import type { Cell, Row } from 'write-excel-file/browser';
import { formulaSafeText } from '../../../contract/csv';
import type { Expiry } from '../../../contract/documents';
import { subjectLabel } from './expiryText';

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
const HEADERS = ['Tipo', 'Vehículo o conductor', 'Documento', 'Número', 'Vence', 'Días', 'Estado', 'Obligatorio', 'Archivo'];

export function expiriesSheetRows(expiries: readonly Expiry[]): Row[] {
  const bold = { fontWeight: 'bold' as const };
  return [
    HEADERS.map((header): Cell => ({ value: header, type: String, ...bold })),
    ...expiries.map((item): Row => [
      { value: subjectLabel(item), type: String },
      { value: formulaSafeText(item.name), type: String },
      { value: formulaSafeText(item.label), type: String },
      { value: item.number ? formulaSafeText(item.number) : '', type: String },
      { value: asDate(item.expires_on), type: Date, format: XLSX_DATE_FORMAT },
      { value: item.days_left, type: Number },
      { value: item.status === 'vencido' ? 'Vencido' : 'Por vencer', type: String },
      { value: item.required ? 'Sí' : 'No', type: String },
      { value: item.has_file ? 'Sí' : 'No', type: String },
    ]),
  ];
}

export async function expiriesXlsxBlob(expiries: readonly Expiry[]): Promise<Blob> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx" */ 'write-excel-file/browser');
  return writeXlsxFile(expiriesSheetRows(expiries), { columns: [{ width: 12 }, { width: 28 }, { width: 26 }, { width: 16 }, { width: 12 }, { width: 8 }, { width: 12 }, { width: 12 }, { width: 10 }] }).toBlob();
}
