/**
 * The booking's tracking link in its detail (issue 36): copy it, send it by WhatsApp (wa.me with the
 * caller's number and a Spanish text) or SMS, or revoke it. It exists from the moment a taxi is
 * assigned or accepts; a revoked one is said so and offers nothing.
 */
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { apiErrorMessage } from '../../lib/apiError';
import type { Booking } from '../../../contract/api';
import { trackingShareText } from '../../../contract/trackingWords';
import { useGetTrackingLinkQuery, useRevokeTrackingLinkMutation } from './trackingLinkApi';

const WITH_TAXI = new Set(['asignado', 'en_camino', 'en_el_lugar', 'a_bordo', 'finalizado']);

/** The page's full address: on the API's origin (the embed may live on another). */
export function trackingUrl(path: string, apiBaseUrl: string): string {
  return new URL(path, new URL(apiBaseUrl, window.location.href)).href;
}

export function TrackingLinkPanel({ booking }: { booking: Booking }) {
  const dispatch = useAppDispatch();
  const apiBaseUrl = useAppSelector((state) => state.config.apiBaseUrl);
  const fleetName = useAppSelector((state) => state.auth.user?.company_name ?? 'Su central de taxis');
  const withTaxi = WITH_TAXI.has(booking.status);
  const { data: link, isError } = useGetTrackingLinkQuery({ id: booking.id, status: booking.status }, { skip: !withTaxi });
  const [revoke, revokeState] = useRevokeTrackingLinkMutation();
  const [confirming, setConfirming] = useState(false);
  if (!withTaxi) return null;
  if (isError) return <p className="flota-booking-detail__meta">No se pudo cargar el enlace de seguimiento.</p>;
  if (!link) return null;
  if (link.revoked_at) return <p className="flota-booking-detail__meta flota-tracking-link">Enlace de seguimiento revocado.</p>;

  const url = trackingUrl(link.path, apiBaseUrl);
  const text = trackingShareText(fleetName, url);
  const digits = booking.customer_phone.replace(/\D/g, '');

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      dispatch(noticeShown('success', 'Enlace de seguimiento copiado'));
    } catch {
      dispatch(noticeShown('error', 'No se pudo copiar: selecciona el enlace y cópialo a mano'));
    }
  }

  async function confirmRevoke() {
    try {
      await revoke(booking.id).unwrap();
      dispatch(noticeShown('success', `Enlace de la reserva #${booking.id} revocado`));
    } catch (failure) {
      dispatch(noticeShown('error', apiErrorMessage(failure, 'No se pudo revocar el enlace')));
    }
    setConfirming(false);
  }

  return (
    <div className="flota-tracking-link" role="group" aria-label="Enlace de seguimiento para el pasajero">
      <p className="flota-booking-detail__meta">Seguimiento para el pasajero:</p>
      <input className="flota-tracking-link__url" readOnly value={url} aria-label="Enlace de seguimiento" onFocus={(event) => event.target.select()} />
      <div className="flota-booking-detail__actions">
        <button type="button" className="flota-button flota-button--secondary" onClick={() => void copy()}>
          Copiar enlace
        </button>
        {digits && (
          <a className="flota-button flota-button--secondary" href={`https://wa.me/${digits}?text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        )}
        {digits && (
          <a className="flota-button flota-button--secondary" href={`sms:+${digits}?body=${encodeURIComponent(text)}`}>
            SMS
          </a>
        )}
        {confirming ? (
          <>
            <button type="button" className="flota-button flota-button--danger" disabled={revokeState.isLoading} onClick={() => void confirmRevoke()}>
              Confirmar revocación
            </button>
            <button type="button" className="flota-link-button" onClick={() => setConfirming(false)}>
              Volver
            </button>
          </>
        ) : (
          <button type="button" className="flota-link-button" onClick={() => setConfirming(true)}>
            Revocar enlace
          </button>
        )}
      </div>
    </div>
  );
}
