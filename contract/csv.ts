/**
 * CSV files that Excel in Chile opens as is, one dialect for every export: UTF-8 with BOM, `;`
 * separators, a decimal comma (12,5: Excel set to es-CL reads "12.5" as text, or as a date), CRLF.
 * Shared by the SPA's exports and any server-side export, so every CSV cell is formula-safe.
 */
import { visibleControls } from './plainText';

export const CSV_BOM = '\uFEFF';
const CRLF = '\r\n';

/** A plain number ("12", "-33.45", "1,5") or a lone dash placeholder is data, not a formula. */
const PLAIN_DATA = /^([-+]?\d+([.,]\d+)?|[-+])$/;
/** Excel and LibreOffice start a formula at these (OWASP, CSV injection; a leading tab or CR is drawn first, below). */
const FORMULA_START = /^[=+\-@]/;

/**
 * A text cell as a spreadsheet must show it (the .xlsx export's text cells use it too): its control
 * characters drawn, not obeyed (a name saved with CR/LF or a right-to-left override before the
 * contract refused them stays one line, read left to right: contract/plainText.ts), and a leading
 * apostrophe when a spreadsheet could take it for a formula.
 */
export function formulaSafeText(raw: string): string {
  const value = visibleControls(raw);
  return FORMULA_START.test(value) && !PLAIN_DATA.test(value) ? `'${value}` : value;
}

/**
 * One text cell made safe and quoted: control characters drawn (so no cell breaks a line), a text
 * starting like a formula gets a leading apostrophe, so the spreadsheet shows it as text (OWASP's
 * guidance); quoted only when it must be (it holds ; or "), with its quotes doubled.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value).replace('.', ',');
  const guarded = formulaSafeText(value);
  return /[;"]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One CSV line (with its CRLF): streamed exports write these one at a time. */
export function csvLine(fields: Array<string | number>): string {
  return fields.map(csvCell).join(';') + CRLF;
}

export function toCsv(header: string[], rows: Array<Array<string | number>>): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join('');
}
