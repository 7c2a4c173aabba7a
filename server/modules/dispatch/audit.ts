/**
 * Despacho's entries in Actividad, written by the service inside the deciding transaction. `author`
 * is the desk person (undefined: a driver or the system acted, and Actividad keeps the desk's
 * changes only).
 */
import { bookingStatusLabels, type BookingStatus } from '../../../contract/dispatch';
import { offerTallyText } from '../../../contract/offerTally';
import { recordActivityBy, type ActivityAuthor } from '../desk';
import { readOfferTally, type Db, type StoredBooking } from './bookingsRepo';

export type { ActivityAuthor };

/** A booking's state as Actividad records it: its status, and its offers that came to nothing ("2 sin respuesta, 1 rechazo") when any. */
export interface AuditedState {
  status: BookingStatus;
  offers?: string;
}

/** A booking's status before → after (`before` null: created); `label` follows its number ("#12 Ortiz de Rozas 550"). */
export async function auditBooking(trx: Db, author: ActivityAuthor | undefined, before: AuditedState | null, after: AuditedState & { id: number }, label = ''): Promise<void> {
  if (!author) return;
  await recordActivityBy(trx, author, {
    entity: 'booking',
    entityId: after.id,
    label: `#${after.id} ${label}`.trim(),
    action: before ? 'updated' : 'created',
    // Offers that came to nothing say which: "2 sin respuesta, 1 rechazo" (empty fields are left out).
    before: before && { estado: bookingStatusLabels[before.status], ofertas: before.offers || undefined },
    after: { estado: bookingStatusLabels[after.status], ofertas: after.offers || undefined },
  });
}

/** The desk's explicit confirmation, with what had expired, beside the assignment. */
export async function auditDocumentOverride(trx: Db, author: ActivityAuthor | undefined, bookingId: number, reasons: readonly string[]): Promise<void> {
  if (!author) return;
  await recordActivityBy(trx, author, {
    entity: 'booking',
    entityId: bookingId,
    label: `#${bookingId}`,
    action: 'assigned_despite_documents',
    before: { documentos_vencidos: null },
    after: { documentos_vencidos: reasons.join('; ') },
  });
}

/** The offers' tally of a booking before a desk change, for Actividad ('' when none came to nothing: no read). */
export async function offersBefore(db: Db, stored: StoredBooking | null | undefined): Promise<string> {
  return stored && stored.refusals > 0 ? offerTallyText(await readOfferTally(db, stored.id)) : '';
}
