/**
 * The trip's state machine, pure: which status may follow which, and the Spanish sentence for every
 * refusal. The repository turns `allowedFrom(to)` into the WHERE of a conditional UPDATE, so the
 * database applies the same table under concurrency (a race's loser finds 0 rows and gets refusal()).
 *
 *   pendiente → ofrecido → asignado → en_camino → en_el_lugar → a_bordo → finalizado
 *   (ofrecido → ofrecido: passed to the next candidate; ofrecido → pendiente: nobody took it)
 *   asignado → en_el_lugar (a driver who taps Llegué at once); en_el_lugar → no_se_presento;
 *   any open status before a_bordo → cancelado.
 */
import { bookingStatusLabels, type BookingStatus } from '../../../contract/dispatch';

const NEXT: Record<BookingStatus, readonly BookingStatus[]> = {
  pendiente: ['ofrecido', 'asignado', 'cancelado'],
  ofrecido: ['ofrecido', 'pendiente', 'asignado', 'cancelado'],
  asignado: ['en_camino', 'en_el_lugar', 'cancelado'],
  en_camino: ['en_el_lugar', 'cancelado'],
  en_el_lugar: ['a_bordo', 'no_se_presento', 'cancelado'],
  a_bordo: ['finalizado'],
  finalizado: [],
  cancelado: [],
  no_se_presento: [],
};

/** A taxi is on this trip (the availability is Ocupado, the driver holds at most one: a unique index). */
export const LIVE_TRIP_STATUSES: readonly BookingStatus[] = ['asignado', 'en_camino', 'en_el_lugar', 'a_bordo'];
export const CLOSED_STATUSES: readonly BookingStatus[] = ['finalizado', 'cancelado', 'no_se_presento'];

export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses a booking may be in for `to` to follow. */
export function allowedFrom(to: BookingStatus): BookingStatus[] {
  return (Object.keys(NEXT) as BookingStatus[]).filter((from) => NEXT[from].includes(to));
}

const CLOSED_TEXT: Partial<Record<BookingStatus, string>> = {
  finalizado: 'El viaje ya finalizó',
  cancelado: 'La reserva fue cancelada',
  no_se_presento: 'La reserva ya se cerró: el pasajero no se presentó',
};

const NO_TAXI = 'La reserva aún no tiene un taxi asignado';

/** Why `from` → `to` is refused (null when it is allowed). Every text is shown to the user as is. */
export function refusal(from: BookingStatus, to: BookingStatus): string | null {
  if (canMove(from, to)) return null;
  const closed = CLOSED_TEXT[from];
  if (closed) return closed;
  const unassigned = from === 'pendiente' || from === 'ofrecido';
  switch (to) {
    case 'ofrecido':
    case 'asignado':
      return 'La reserva ya tiene un taxi asignado';
    case 'pendiente':
      return 'La reserva ya tiene un taxi asignado';
    case 'en_camino':
      if (unassigned) return NO_TAXI;
      return from === 'a_bordo' ? 'El pasajero ya va a bordo' : 'El taxi ya llegó al lugar';
    case 'en_el_lugar':
      if (unassigned) return NO_TAXI;
      return from === 'a_bordo' ? 'El pasajero ya va a bordo' : 'El taxi ya está en el lugar';
    case 'a_bordo':
      if (unassigned) return NO_TAXI;
      return from === 'a_bordo' ? 'El pasajero ya va a bordo' : 'Primero marca la llegada al lugar (En el lugar)';
    case 'finalizado':
      return unassigned ? NO_TAXI : 'Solo se finaliza un viaje con el pasajero a bordo';
    case 'no_se_presento':
      return unassigned ? NO_TAXI : from === 'a_bordo' ? 'El pasajero ya va a bordo' : 'Solo se marca No se presentó cuando el taxi está en el lugar';
    case 'cancelado':
      return 'El pasajero ya va a bordo: finaliza el viaje en vez de cancelarlo';
    default:
      return `No se puede pasar de ${bookingStatusLabels[from]} a ${bookingStatusLabels[to]}`;
  }
}
