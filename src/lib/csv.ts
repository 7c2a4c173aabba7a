/** CSV files that Excel in Chile opens as is: UTF-8 with BOM, `;` separators, CRLF. */
const BOM = '\uFEFF';
const CRLF = '\r\n';

/** Quotes a field only when it must (it holds ; " or a line break), doubling its quotes. */
function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(header: string[], rows: string[][]): string {
  return BOM + [header, ...rows].map((fields) => fields.map(csvField).join(';') + CRLF).join('');
}
