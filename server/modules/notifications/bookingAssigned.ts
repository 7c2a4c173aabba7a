/**
 * The `booking.assigned` webhook (issue 33 item 6, issue 36 item 1): when a taxi is assigned a
 * booking or accepts its offer, every endpoint subscribed hears the booking, the plate, the driver's
 * first name and the passenger's tracking link, so a fleet can text the link from its own SMS gateway.
 *
 * It listens on dispatch's onBookingChanged, which runs after the assignment committed. That is
 * acceptable here because the link it carries is itself made after that commit (tracking listens on
 * the same hook): an event enqueued inside dispatch's transaction would have no link to carry. The
 * window is one insert long; once the row is in the outbox, delivery is as durable as any alert's.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Booking } from '../../../contract/dispatch';
import type { TrackingLink } from '../../../contract/tracking';
import type { Database } from '../../platform/db/schema';
import { driverNames } from '../drivers';
import { enqueueWebhookEvent } from './enqueue';

export interface BookingAssignedDeps {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** tracking's service: makes the link when tracking's own listener has not yet (ordering-proof). */
  ensureLinkFor?: (ownerId: number, bookingId: number) => Promise<TrackingLink | null>;
}

/**
 * This change is the assignment itself: the booking's newest `asignado` step and every step after it
 * share one time. Steps are stamped with the transaction's now(), so a driver's accept (asignado and
 * en_camino in one transaction) counts, and a later step or re-publish of the same trip does not.
 */
export function isFreshAssignment(booking: Booking): boolean {
  const events = booking.events;
  let index = events.length - 1;
  while (index >= 0 && events[index].status !== 'asignado') index -= 1;
  if (index < 0 || booking.driver_id === null) return false;
  const at = events[index].at;
  return events.slice(index + 1).every((event) => event.at === at) && ['asignado', 'en_camino'].includes(booking.status);
}

async function driverFirstName(db: Kysely<Database>, ownerId: number, driverId: number | null): Promise<string | null> {
  if (driverId === null) return null;
  const [driver] = await driverNames(db, ownerId, { ids: [driverId] });
  return driver?.first_name ?? null;
}

/** Enqueues `booking.assigned` for a freshly assigned booking; resolves to the number of deliveries queued. */
export async function enqueueBookingAssigned({ db, ensureLinkFor }: BookingAssignedDeps, ownerId: number, booking: Booking): Promise<number> {
  if (!isFreshAssignment(booking)) return 0;
  const link = ensureLinkFor ? await ensureLinkFor(ownerId, booking.id) : null;
  const data = {
    booking_id: booking.id,
    status: booking.status,
    plate: booking.plate_number,
    driver_first_name: await driverFirstName(db, ownerId, booking.driver_id),
    pickup_label: booking.pickup.label,
    tracking: link && !link.revoked_at ? { token: link.token, path: link.path } : null,
  };
  const rows = await db.transaction().execute((trx) => enqueueWebhookEvent(ownerId, 'booking.assigned', data, trx));
  return rows.length;
}

/** The hook's listener: never throws into dispatch; a failure is logged. */
export function bookingAssignedListener(deps: BookingAssignedDeps) {
  return (ownerId: number, booking: Booking): void => {
    enqueueBookingAssigned(deps, ownerId, booking).catch((error: unknown) => deps.log.warn({ err: error, bookingId: booking.id }, 'notificaciones: no se pudo encolar booking.assigned'));
  };
}
