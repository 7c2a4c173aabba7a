/**
 * The Dueño's settings of the passenger's page (issue 36): the phone behind "Llamar a la central",
 * whether the taxi keeps showing on the map once the passenger is on board, the fleet's "Pedir un
 * taxi" page (off by default; on, its address to copy) and whether its requests go to the nearest
 * free taxi at once (on by default). On the Ajustes screen (issue 46, item 8); only the Dueño sees
 * it (the server refuses the others too).
 */
import { useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { apiErrorMessage, apiFieldErrors } from '../../lib/apiError';
import type { TrackingSettings } from '../../../contract/api';
import { trackingUrl } from './TrackingLinkPanel';
import { useGetTrackingSettingsQuery, useSaveTrackingSettingsMutation } from './trackingLinkApi';
import './trackingSettings.css';

function SettingsFields({ saved }: { saved: TrackingSettings }) {
  const dispatch = useAppDispatch();
  const [save, saveState] = useSaveTrackingSettingsMutation();
  const [phone, setPhone] = useState(saved.phone ?? '');
  const [afterBoarding, setAfterBoarding] = useState(saved.position_after_boarding);
  const [requests, setRequests] = useState(saved.requests_enabled);
  const [autoOffer, setAutoOffer] = useState(saved.requests_auto_offer);
  const apiBaseUrl = useAppSelector((state) => state.config.apiBaseUrl);
  const requestsUrl = trackingUrl(saved.requests_path, apiBaseUrl);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await save({ phone: phone.trim() || null, position_after_boarding: afterBoarding, requests_enabled: requests, requests_auto_offer: autoOffer }).unwrap();
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
      <label className="flota-tracking-settings__check">
        <input type="checkbox" checked={autoOffer} onChange={(event) => setAutoOffer(event.target.checked)} />
        Ofrecer cada pedido web en el acto al taxi libre más cercano (sin él, el pedido espera en el tablero)
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

export function TrackingSettingsSection() {
  const { data, isError, refetch } = useGetTrackingSettingsQuery();
  return (
    <section className="flota-settings__section flota-tracking-settings" aria-labelledby="ajustes-seguimiento">
      <h2 id="ajustes-seguimiento">Pedir un taxi y seguimiento del pasajero</h2>
      {data ? (
        <SettingsFields key={`${data.phone}|${data.position_after_boarding}|${data.requests_enabled}|${data.requests_auto_offer}`} saved={data} />
      ) : isError ? (
        <LoadFailure message="No se pudieron cargar los ajustes." onRetry={() => void refetch()} />
      ) : (
        <LoadingText>Cargando ajustes...</LoadingText>
      )}
    </section>
  );
}
