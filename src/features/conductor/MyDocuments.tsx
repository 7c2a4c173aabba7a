/**
 * "Mis documentos" on /conductor (issue 34): the driver's and their taxi's documents expiring within
 * 30 days or expired, and, when the fleet blocks on them, why offers do not reach the driver.
 * Nothing when all is in order; a failure leaves what was shown (the page's other parts say when the
 * connection is lost).
 */
import { licenceExpiryText } from '../../lib/licence';
import { useGetDriverDocumentsQuery } from './state/driverApi';

/** Asked again this often while the page is open (a renewal typed at the desk shows up). */
const REFRESH_MS = 5 * 60_000;

export function MyDocuments({ driverId }: { driverId: number }) {
  const { data: answer } = useGetDriverDocumentsQuery(driverId, { pollingInterval: REFRESH_MS, refetchOnMountOrArgChange: true });

  if (!answer || (!answer.documents.length && !answer.blocked_reasons.length)) return null;
  const now = new Date();
  return (
    <section className="flota-conductor__account" aria-labelledby="mis-documentos">
      <h2 id="mis-documentos">Mis documentos</h2>
      {answer.blocked_reasons.length > 0 && (
        <div role="alert">
          <p>
            <strong>No te llegan ofertas de viaje</strong> porque hay documentos vencidos:
          </p>
          <ul>
            {answer.blocked_reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p>Renuévalos y avisa a la central.</p>
        </div>
      )}
      {answer.documents.length > 0 && (
        <ul aria-label="Documentos por vencer">
          {answer.documents.map((item) => (
            <li key={`${item.subject}-${item.kind}-${item.label}`}>
              {item.label}
              {item.subject === 'vehicle' ? ` del taxi ${item.name}` : ''}: {licenceExpiryText(item.expires_on, now)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
