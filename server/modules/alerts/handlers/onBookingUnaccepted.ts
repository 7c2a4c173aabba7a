/**
 * A booking back on the board that nobody accepted: one alert per time it returns, in despacho's own
 * words (the event carries its title and detail).
 */
import { handler } from '../../flotaModule';
import type { AlertsParts } from '../parts';
import { raiseNow } from '../raise';

export const onBookingUnaccepted = handler('bookingUnaccepted', 'after', ({ db, log }, { rules, raiser }: AlertsParts) => (booking) =>
  rules
    .get(booking.ownerId)
    .then((fleetRules) =>
      raiseNow(db, raiser, fleetRules, [
        {
          ownerId: booking.ownerId,
          kind: 'booking_unaccepted',
          key: `booking_unaccepted:${booking.bookingId}:${booking.at.toISOString()}`,
          occurredAt: booking.at,
          title: booking.title,
          detail: booking.detail,
          shiftId: null,
          driver: null,
          vehicle: null,
          zone: null,
          position: null,
        },
      ]),
    )
    .then(() => undefined)
    .catch((error: unknown) => log.error({ err: error }, 'Alertas: no se pudo registrar una reserva sin aceptar')),
);
