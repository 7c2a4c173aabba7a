/**
 * The dispatch service's refusals in HTTP, for the desk's and the driver's routes: each domain reason
 * becomes the status and the Spanish message the API has always answered (the service itself knows no
 * HTTP).
 */
import { HttpError } from '../../platform/errors';
import { BookingMessages } from './bookingsRepo';
import type { Outcome, Refusal } from './outcomes';
import { refusal as stepRefusal } from './tripStates';

export const DispatchMessages = {
  driverNotFound: 'Conductor no encontrado',
  driverOffShift: 'El conductor no está en turno',
  driverOutOfService: 'El taxi está Fuera de servicio',
  taxiBusy: 'Ese taxi ya tiene un viaje en curso',
  alreadyOffering: 'La reserva ya se está ofreciendo',
  notOffering: 'La reserva no se está ofreciendo: ya la tomó un taxi o volvió al tablero',
  offerGone: 'La oferta ya no está disponible: expiró o fue asignada a otro taxi',
  tripNotYours: 'Ese viaje no es tuyo',
  noShift: 'No tienes un turno activo',
  onTrip: 'Tienes un viaje en curso: la disponibilidad vuelve a Libre al finalizarlo',
  pastSchedule: 'La hora programada ya pasó',
  farSchedule: 'Se puede programar hasta 30 días antes',
  offerFailed: 'No se pudo ofrecer.',
  closed: 'La reserva ya está cerrada',
  assigned: 'La reserva ya tiene un taxi asignado',
  expiredDocuments: (reasons: readonly string[]) => `Documentos vencidos: ${reasons.join('; ')}. Confirma para asignar de todos modos`,
  noShowTooSoon: (seconds: number, waitSeconds: number) =>
    `Aún no: podrás marcar No se presentó en ${waitText(seconds)} (se espera ${waitText(waitSeconds)} desde tu llegada)`,
} as const;

/** "4 min 05 s", "45 s", "5 min". */
function waitText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (!minutes) return `${rest} s`;
  return rest ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${minutes} min`;
}

const CLOSED = new Set(['cancelado', 'finalizado', 'no_se_presento']);

/** The Spanish sentence for a refusal (also what "Crear y ofrecer" says when the offering could not start). */
export function refusalMessage(refusal: Refusal): string {
  switch (refusal.reason) {
    case 'booking_not_found':
      return BookingMessages.notFound;
    case 'booking_changed':
      return BookingMessages.changed;
    case 'wrong_status':
      return stepRefusal(refusal.from, refusal.to) ?? BookingMessages.changed;
    case 'not_pending':
      return CLOSED.has(refusal.status) ? DispatchMessages.closed : DispatchMessages.assigned;
    case 'expired_documents':
      return DispatchMessages.expiredDocuments(refusal.documents);
    case 'no_show_too_soon':
      return DispatchMessages.noShowTooSoon(refusal.seconds, refusal.waitSeconds);
    case 'driver_not_found':
      return DispatchMessages.driverNotFound;
    case 'driver_off_shift':
      return DispatchMessages.driverOffShift;
    case 'driver_out_of_service':
      return DispatchMessages.driverOutOfService;
    case 'taxi_busy':
      return DispatchMessages.taxiBusy;
    case 'already_offering':
      return DispatchMessages.alreadyOffering;
    case 'not_offering':
      return DispatchMessages.notOffering;
    case 'offer_gone':
      return DispatchMessages.offerGone;
    case 'no_shift':
      return DispatchMessages.noShift;
    case 'on_trip':
      return DispatchMessages.onTrip;
    case 'past_schedule':
      return DispatchMessages.pastSchedule;
    case 'far_schedule':
      return DispatchMessages.farSchedule;
    case 'offer_failed':
      return DispatchMessages.offerFailed;
  }
}

function statusOf(refusal: Refusal): number {
  switch (refusal.reason) {
    case 'booking_not_found':
    case 'driver_not_found':
      return 404;
    case 'past_schedule':
    case 'far_schedule':
      return 400;
    case 'offer_failed':
      return 500;
    default:
      return 409;
  }
}

export function refusalError(refusal: Refusal): HttpError {
  // The desk's confirmation dialog reads the expired documents from this field.
  const fields = refusal.reason === 'expired_documents' ? { confirm_expired_documents: refusal.documents.join('; ') } : undefined;
  return new HttpError(statusOf(refusal), refusalMessage(refusal), fields);
}

/** The outcome when the change was made; its refusal as the HTTP error otherwise. */
export function accepted<T extends object>(outcome: Outcome<T>): { ok: true } & T {
  if (!outcome.ok) throw refusalError(outcome);
  return outcome;
}
