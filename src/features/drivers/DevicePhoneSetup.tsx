import type { Driver } from '../../../contract/entities';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { apiErrorMessage } from '../../lib/apiError';
import { useGetDeviceIdQuery, useRegenerateDeviceIdMutation } from './driversApi';
import { conductorPageUrl, osmandServerUrl, SUGGESTED_INTERVAL_SECONDS, traccarClientConfigUrl } from './phoneSetup';
import { useQrCode } from './useQrCode';
import './devicePhoneSetup.css';

/**
 * The driver modal's phone section: the QR code and the short steps that set up Traccar Client
 * for this driver, the identifier it sends, a way to replace it, and the driver page link.
 * The identifier is read from its own route (Dueño and Administrador only), never from the list.
 */
export function DevicePhoneSetup({ driver }: { driver: Pick<Driver, 'id'> }) {
  const dispatch = useAppDispatch();
  const apiBaseUrl = useAppSelector((state) => state.config.apiBaseUrl);
  const fleetCode = useAppSelector((state) => state.auth.user?.fleet_code);
  const { data: deviceId, isError } = useGetDeviceIdQuery(driver.id);
  const [regenerate, { isLoading }] = useRegenerateDeviceIdMutation();
  const serverUrl = osmandServerUrl(apiBaseUrl, window.location.href);
  const qr = useQrCode(deviceId ? traccarClientConfigUrl(serverUrl, deviceId) : null);

  async function handleRegenerate() {
    try {
      await regenerate(driver.id).unwrap();
      dispatch(noticeShown('success', 'Nuevo identificador generado: el anterior dejó de funcionar. Configura el teléfono de nuevo.'));
    } catch (error) {
      dispatch(noticeShown('error', apiErrorMessage(error, 'No se pudo generar un nuevo identificador')));
    }
  }

  return (
    <section className="flota-phone-setup" aria-labelledby={`phone-setup-${driver.id}`}>
      <h3 id={`phone-setup-${driver.id}`} className="flota-phone-setup__title">
        Teléfono del conductor
      </h3>
      <div className="flota-phone-setup__body">
        {qr ? (
          <img className="flota-phone-setup__qr" src={qr} width={176} height={176} alt="Código QR para configurar Traccar Client" />
        ) : (
          <div className="flota-phone-setup__qr" aria-hidden="true" />
        )}
        <ol className="flota-phone-setup__steps">
          <li>
            Instala <strong>Traccar Client</strong> (gratis, Android o iPhone) en el teléfono del conductor.
          </li>
          <li>
            Escanea este código QR desde Traccar Client, o escribe en sus ajustes:
            <dl className="flota-phone-setup__values">
              <dt>URL del servidor</dt>
              <dd>
                <code>{serverUrl}</code>
              </dd>
              <dt>Identificador del dispositivo</dt>
              <dd>
                <code data-testid="device-id">{deviceId ?? (isError ? 'No se pudo cargar' : 'Cargando...')}</code>
              </dd>
              <dt>Frecuencia</dt>
              <dd>Precisión alta, distancia 0, intervalo {SUGGESTED_INTERVAL_SECONDS} segundos</dd>
            </dl>
          </li>
          <li>Activa el seguimiento continuo y permite la ubicación «todo el tiempo». El turno empieza solo con la primera posición y termina solo cuando el teléfono deja de enviar.</li>
        </ol>
      </div>
      <div className="flota-phone-setup__actions">
        <button type="button" className="flota-button flota-button--secondary" onClick={handleRegenerate} disabled={isLoading || !deviceId}>
          {isLoading ? 'Generando...' : 'Generar nuevo identificador'}
        </button>
        <span className="flota-phone-setup__hint">Úsalo si el teléfono se perdió o cambió de manos: el identificador actual deja de funcionar de inmediato.</span>
      </div>
      <p className="flota-phone-setup__hint">
        Sin instalar nada: página del conductor <code>{conductorPageUrl(apiBaseUrl, window.location.href, fleetCode)}</code> (envía posiciones solo mientras está abierta).
      </p>
    </section>
  );
}
