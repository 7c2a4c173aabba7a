/** How an expiry reads on every Vencimientos screen: "venció el …" once past, never "vence" (the licence's wording, lib/licence). */
import type { Expiry } from '../../../contract/documents';
import { licenceExpiryText } from '../../lib/licence';

export function expiryText(item: Pick<Expiry, 'expires_on'>, now: Date): string {
  return licenceExpiryText(item.expires_on, now);
}

/** "hoy", "mañana", "en 5 días", "hace 40 días": the distance, beside the date. */
export function daysText(daysLeft: number): string {
  if (daysLeft === 0) return 'hoy';
  if (daysLeft === 1) return 'mañana';
  if (daysLeft === -1) return 'ayer';
  return daysLeft > 0 ? `en ${daysLeft} días` : `hace ${-daysLeft} días`;
}

export const subjectLabel = (item: Pick<Expiry, 'subject'>) => (item.subject === 'vehicle' ? 'Vehículo' : 'Conductor');
