/**
 * The Dueño's settings of the passenger's page (issue 36): the phone behind "Llamar a la central",
 * whether the taxi keeps showing on the map once the passenger is on board, and the fleet's
 * "Pedir un taxi" page (off by default; on, its address to copy). Folded under the board; only the Dueño sees it (the server refuses the others too).
 */
import { useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { LoadingText } from '../../components/LoadingText';
import { apiErrorMessage, apiFieldErrors } from '../../lib/apiError';
import type { TrackingSettings } from '../../../contract/api';
import { trackingUrl } from './TrackingLinkPanel';
import { useGetTrackingSettingsQuery, useSaveTrackingSettingsMutation } from './trackingLinkApi';

function SettingsFields({ saved }: { saved: TrackingSettings }) {
  const dispatch = useAppDispatch();
  const [save, saveState] = useSaveTrackingSettingsMutation();
  const [phone, setPhone] = useState(saved.phone ?? '');
  const [afterBoarding, setAfterBoarding] = useState(saved.position_after_boarding);
  const [requests, setRequests] = useState(saved.requests_enabled);
  const apiBaseUrl = useAppSelector((state) => state.config.apiBaseUrl);
  const requestsUrl = trackingUrl(saved.requests_path, apiBaseUrl);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await save({ phone: phone.trim() || null, position_after_boarding: afterBoarding, requests_enabled: requests }).unwrap();
      dispatch(noticeShown('success', 'Ajustes del seguimiento guardados'));
    } catch (failure) {
      setError(apiFieldErrors(failure).phone ?? apiErrorMessage(failure, 'No se pudieron guardar los ajustes'));
    }
  }

  return (
    <form aria-label="Ajustes del seguimiento" onSubmit={(event) => void submit(event)} noValidate>
      <label>
        Teléfono de la central (botón «Llamar a la central»)
        <input type="tel" value={phone} onChange={(event) => setPhone(event.target.value)} placeholder="+56 33 271 1234" aria-invalid={error ? true : undefined} />
      </label>
      <label className="flota-tracking-settings__check">
        <input type="checkbox" checked={afterBoarding} onChange={(event) => setAfterBoarding(event.target.checked)} />
        Mostrar la posición del taxi también con el pasajero a bordo
      </label>
      <label className="flota-tracking-settings__check">
        <input type="checkbox" checked={requests} onChange={(event) => setRequests(event.target.checked)} />
        Página «Pedir un taxi» activa (los pasajeros piden sin llamar)
      </label>
      {saved.requests_enabled && (
        <p className="flota-booking-detail__meta">
          Dirección para compartir:{' '}
          <input className="flota-tracking-link__url" readOnly value={requestsUrl} aria-label="Dirección de la página Pedir un taxi" onFocus={(event) => event.target.select()} />
        </p>
      )}
      {error && (
        <p className="flota-form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="flota-button flota-button--secondary" disabled={saveState.isLoading}>
        Guardar
      </button>
    </form>
  );
}

export function TrackingSettingsForm() {
  const [open, setOpen] = useState(false);
  const { data, isError } = useGetTrackingSettingsQuery(undefined, { skip: !open });
  return (
    <details className="flota-tracking-settings" onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>Seguimiento del pasajero: ajustes</summary>
      {data ? <SettingsFields key={`${data.phone}|${data.position_after_boarding}|${data.requests_enabled}`} saved={data} /> : isError ? <p role="alert">No se pudieron cargar los ajustes.</p> : <LoadingText>Cargando ajustes...</LoadingText>}
    </details>
  );
}
