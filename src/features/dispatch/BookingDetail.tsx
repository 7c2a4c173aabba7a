import type { DocumentBlock } from '../../../contract/documents';
/**
 * The selected booking beside the map: its state, the free taxis near its pickup (Asignar), Ofrecer,
 * while an offer runs Pasar al siguiente or Asignar another taxi at once, Cancelar with a reason, and for a taxi without /conductor the trip's next step by hand. A refusal
 * (409: the taxi or the trip was taken by another desk a moment ago) is said as the server says it.
 */
import { useState } from 'react';
import { formatPhoneCL } from '../../lib/format';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { apiErrorMessage } from '../../lib/apiError';
import { formatClockTime } from '../../lib/clockTime';
import type { Booking, Candidate } from '../../../contract/api';
import { offerTallyText } from '../../../contract/offerTally';
import { formatPesos } from '../../../contract/money';
import { isOpen, manualSteps, statusLabels } from './bookingBoard';
import { CandidateList } from './CandidateList';
import { ConfirmExpiredAssign } from './ConfirmExpiredAssign';
import { OfferStatus } from './OfferStatus';
import { TrackingLinkPanel } from './TrackingLinkPanel';
import { useAdvanceBookingMutation, useAssignBookingMutation, useCancelBookingMutation, useOfferBookingMutation, usePassBookingMutation } from './dispatchApi';

export const CANCEL_REASONS = ['El cliente canceló', 'Sin taxis disponibles', 'Reserva duplicada', 'Otro motivo'];

/** Bookings the desk may still give to a taxi (a scheduled one too, ahead of time; one on offer too). */
const CAN_DISPATCH = new Set(['pendiente', 'ofrecido']);

export function BookingDetail({ booking, candidates, onClose }: { booking: Booking; candidates: { data?: Candidate[]; excluded?: DocumentBlock[]; loading: boolean; failed: boolean; retry(): void }; onClose(): void }) {
  const dispatch = useAppDispatch();
  const [assign, assignState] = useAssignBookingMutation();
  const [offer, offerState] = useOfferBookingMutation();
  const [cancel, cancelState] = useCancelBookingMutation();
  const [advance, advanceState] = useAdvanceBookingMutation();
  const [pass, passState] = usePassBookingMutation();
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  /** A taxi kept out by its expired documents that the desk chose to assign anyway, asking before. */
  const [assigningExcluded, setAssigningExcluded] = useState<DocumentBlock | null>(null);
  const [reason, setReason] = useState(CANCEL_REASONS[0]);
  const busy = assignState.isLoading || offerState.isLoading || cancelState.isLoading || advanceState.isLoading || passState.isLoading;
  const steps = manualSteps[booking.status] ?? [];
  const tally = offerTallyText(booking);

  async function attempt(action: () => Promise<unknown>, done: string) {
    setError(null);
    try {
      await action();
      dispatch(noticeShown('success', done));
    } catch (failure) {
      setError(apiErrorMessage(failure, 'No se pudo completar la acción. Intenta nuevamente.'));
      // A 409 means the board was behind: candidates are read again.
      candidates.retry();
    }
  }

  return (
    <section className="flota-booking-detail" aria-label={`Reserva #${booking.id}`}>
      <header className="flota-booking-detail__head">
        <h2 className="flota-booking-detail__title">
          Reserva #{booking.id} · {statusLabels[booking.status]}
        </h2>
        <button type="button" className="flota-link-button" onClick={onClose}>
          Cerrar
        </button>
      </header>
      <p className="flota-booking-detail__pickup">{booking.pickup.label || 'Punto en el mapa'}</p>
      {booking.destination && <p className="flota-booking-detail__meta">Destino: {booking.destination.label || 'Punto en el mapa'}</p>}
      <p className="flota-booking-detail__meta">
        {booking.customer_name ? `${booking.customer_name} · ` : ''}
        {formatPhoneCL(booking.customer_phone)}
        {booking.scheduled_for && ` · para las ${formatClockTime(booking.scheduled_for)}`}
        {booking.passengers > 1 && ` · ${booking.passengers} pasajeros`}
        {booking.origin === 'web' && ' · pedido por la web'}
      </p>
      {booking.notes && <p className="flota-booking-detail__notes">{booking.notes}</p>}
      {booking.plate_number && (
        <p className="flota-booking-detail__meta">
          Taxi: <strong>{booking.plate_number}</strong> {booking.driver_name}
        </p>
      )}
      {booking.fare && (
        <p className="flota-booking-detail__meta">
          Tarifa: <strong>{formatPesos(booking.fare.pesos)}</strong> {booking.fare.estimated ? '(estimada por Flota)' : '(taxímetro)'}
        </p>
      )}
      <TrackingLinkPanel booking={booking} />
      {error && (
        <p className="flota-form-error" role="alert">
          {error}
        </p>
      )}
      {booking.status === 'pendiente' && tally && <p className="flota-booking-detail__meta">Ofertas: {tally}</p>}
      {booking.status === 'ofrecido' && booking.offer && (
        <OfferStatus booking={booking} busy={busy} onPass={() => void attempt(() => pass(booking.id).unwrap(), `Reserva #${booking.id}: pasada al siguiente taxi`)} />
      )}
      {CAN_DISPATCH.has(booking.status) && (
        <>
          {booking.status === 'pendiente' && (
            <div className="flota-booking-detail__actions">
              <button type="button" className="flota-button flota-button--primary" disabled={busy} onClick={() => void attempt(() => offer(booking.id).unwrap(), `Reserva #${booking.id} ofrecida al taxi más cercano`)}>
                Ofrecer
              </button>
            </div>
          )}
          <CandidateList
            candidates={candidates.data}
            excluded={candidates.excluded}
            loading={candidates.loading}
            failed={candidates.failed}
            busy={busy}
            onRetry={candidates.retry}
            onAssign={(candidate) => void attempt(() => assign({ id: booking.id, driverId: candidate.driver_id }).unwrap(), `Reserva #${booking.id} asignada a ${candidate.driver_name}`)}
            // An expired required document: assigning anyway is the desk's explicit decision, recorded in Actividad.
            onAssignExcluded={setAssigningExcluded}
          />
          {assigningExcluded && (
            <ConfirmExpiredAssign
              taxi={assigningExcluded}
              busy={busy}
              onBack={() => setAssigningExcluded(null)}
              onConfirm={() =>
                void attempt(() => assign({ id: booking.id, driverId: assigningExcluded.driver_id, confirmExpired: true }).unwrap(), `Reserva #${booking.id} asignada a ${assigningExcluded.driver_name} con documentos vencidos`).then(() => setAssigningExcluded(null))
              }
            />
          )}
        </>
      )}
      {steps.length > 0 && (
        <div className="flota-booking-detail__actions" role="group" aria-label="Avanzar el viaje a mano (taxi por radio)">
          {steps.map((step) => (
            <button key={step.status} type="button" className="flota-button flota-button--secondary" disabled={busy} onClick={() => void attempt(() => advance({ id: booking.id, status: step.status }).unwrap(), `Reserva #${booking.id}: ${statusLabels[step.status]}`)}>
              {step.label}
            </button>
          ))}
        </div>
      )}
      {isOpen(booking) &&
        (cancelling ? (
          <div className="flota-booking-detail__cancel" role="group" aria-label="Cancelar reserva">
            <label>
              Motivo
              <select value={reason} onChange={(event) => setReason(event.target.value)}>
                {CANCEL_REASONS.map((text) => (
                  <option key={text}>{text}</option>
                ))}
              </select>
            </label>
            <button type="button" className="flota-button flota-button--danger" disabled={busy} onClick={() => void attempt(() => cancel({ id: booking.id, reason }).unwrap(), `Reserva #${booking.id} cancelada`).then(() => setCancelling(false))}>
              Confirmar cancelación
            </button>
            <button type="button" className="flota-link-button" onClick={() => setCancelling(false)}>
              Volver
            </button>
          </div>
        ) : (
          <button type="button" className="flota-button flota-button--secondary flota-booking-detail__cancel-open" onClick={() => setCancelling(true)}>
            Cancelar reserva
          </button>
        ))}
    </section>
  );
}
