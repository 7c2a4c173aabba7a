import { formatTime } from '../../../contract/dateFormat';
import type { Alert } from '../../../contract/alerts';
import { apiErrorMessage } from '../../lib/apiError';
import { useGetZoneMutesQuery, useMuteZoneMutation, useUnmuteZoneMutation } from './alertsApi';

/** The zones muted now ("Terminal hasta las 21:40"), each with "Reactivar"; nothing when none is. */
export function ZoneMutesLine() {
  const { data: mutes } = useGetZoneMutesQuery();
  const [unmute, { isLoading, error }] = useUnmuteZoneMutation();
  if (!mutes?.length) return null;
  return (
    <div className="flota-zone-mutes" role="group" aria-label="Zonas silenciadas">
      <span>Silenciadas:</span>
      {mutes.map((mute) => (
        <span key={mute.zone_id} className="flota-zone-mutes__item">
          {mute.zone_name} hasta las {formatTime(mute.muted_until)}{' '}
          <button type="button" className="flota-button flota-button--secondary" disabled={isLoading} onClick={() => void unmute(mute.zone_id)} aria-label={`Reactivar ${mute.zone_name}`}>
            Reactivar
          </button>
        </span>
      ))}
      {error && <span role="alert">{apiErrorMessage(error, 'No se pudo reactivar la zona.')}</span>}
    </div>
  );
}

/** "Silenciar zona 1 h" on an alert of a zone: that zone's alerts stop reaching the desk for an hour. */
export function MuteZoneButton({ alert }: { alert: Alert }) {
  const { data: mutes } = useGetZoneMutesQuery();
  const [mute, { isLoading, error }] = useMuteZoneMutation();
  const zone = alert.zone;
  if (!zone || alert.kind === 'sos' || mutes?.some((m) => m.zone_id === zone.id)) return null;
  return (
    <>
      <button type="button" className="flota-button flota-button--secondary" disabled={isLoading} onClick={() => void mute(zone.id)} title={`Las alertas de ${zone.name} no llegarán al escritorio durante una hora`}>
        Silenciar zona 1 h
      </button>
      {error && <span role="alert">{apiErrorMessage(error, 'No se pudo silenciar la zona.')}</span>}
    </>
  );
}
