import type { NotificationsStatus } from '../../../contract/notifications';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';

/**
 * Whether this server sends e-mail (SMTP_URL): said plainly, rather than offering what it cannot do,
 * and in words an owner can take to their administrator (not the variable's name; issue 46).
 */
export function EmailStatus({ status, isLoading, failed, onRetry }: { status: NotificationsStatus | undefined; isLoading: boolean; failed: boolean; onRetry: () => void }) {
  let body;
  if (isLoading) body = <LoadingText>Cargando...</LoadingText>;
  else if (!status) body = failed ? <LoadFailure message="No se pudo saber si el correo está configurado." onRetry={onRetry} /> : null;
  else if (status.email.configured)
    body = (
      <p>
        El correo está configurado: las alertas cuyas reglas lo indiquen se envían desde <strong>{status.email.from}</strong>. Si llegan varias a la misma dirección en un minuto, van juntas en un resumen.
      </p>
    );
  else
    body = (
      <p role="status">
        <strong>El correo no está configurado en este servidor.</strong> Las alertas no se pueden enviar por correo todavía. Pide a quien administra el servidor de Flota que configure el envío de correo (una cuenta SMTP y la dirección remitente); cuando esté listo, este aviso cambia solo.
      </p>
    );
  return (
    <section className={`flota-notifications__email${status && !status.email.configured ? ' flota-notifications__email--off' : ''}`} aria-label="Correo">
      <h2 className="flota-notifications__title">Correo</h2>
      {body}
    </section>
  );
}
