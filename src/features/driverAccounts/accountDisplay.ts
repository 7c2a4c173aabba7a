/** How a balance and an entry read on the desk's screens and exports. */
import { formatDay } from '../../../contract/dateFormat';
import { entryKindLabels, termKindLabels, type AccountEntry, type Terms } from '../../../contract/accounts';
import { formatPesos } from '../../../contract/money';

/** "Debe $20.000", "A favor $5.000", "Al día". */
export function balanceText(balance: number): string {
  if (balance > 0) return `Debe ${formatPesos(balance)}`;
  if (balance < 0) return `A favor ${formatPesos(-balance)}`;
  return 'Al día';
}

export function termsText(terms: Terms | null): string {
  if (!terms) return 'Sin condiciones';
  return terms.kind === 'porcentaje' ? `${termKindLabels[terms.kind]}: ${terms.amount}%` : `${termKindLabels[terms.kind]}: ${formatPesos(terms.amount)}`;
}

/** "Cuota del día 03-11-2026", "Cuota: % de las tarifas del turno #8", "Pago en efectivo", "Reversa del movimiento #12". */
export function entryDescription(entry: AccountEntry): string {
  const label = entryKindLabels[entry.kind];
  if (entry.reverses_id !== null) return `${label} del movimiento #${entry.reverses_id}`;
  if (entry.period) {
    const [kind, value] = entry.period.split(':');
    if (kind === 'dia') return `${label} del día ${dayText(value)}`;
    if (kind === 'semana') return `${label} de la semana del ${dayText(value)}`;
    if (kind === 'turno') return `${label} del turno #${value}`;
    // A porcentaje cuota: its share of the fares recorded on one shift's trips.
    if (kind === 'tarifas') return `${label}: % de las tarifas del turno #${value}`;
  }
  return label;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', the one date format (contract/dateFormat.ts). */
export const dayText = formatDay;

export const recordedBy = (entry: AccountEntry) => entry.recorded_by ?? 'Flota (automático)';
