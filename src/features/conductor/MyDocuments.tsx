/**
 * "Mis documentos" on /conductor (issue 34): the driver's and their taxi's documents expiring within
 * 30 days or expired, and, when the fleet blocks on them, why offers do not reach the driver.
 * Self-contained (its own fetch with the driver's token), like Mi cuenta; nothing when all is in order.
 */
import { useEffect, useState } from 'react';
import type { DriverDocumentsResponse } from '../../../contract/documents';
import { joinUrl } from '../../app/api';
import { licenceExpiryText } from '../../lib/licence';

/** Asked again this often while the page is open (a renewal typed at the desk shows up). */
const REFRESH_MS = 5 * 60_000;

export function MyDocuments({ apiBaseUrl, token }: { apiBaseUrl: string; token: string }) {
  const [answer, setAnswer] = useState<DriverDocumentsResponse | null>(null);
  useEffect(() => {
    let current = true;
    const load = () =>
      fetch(joinUrl(apiBaseUrl, '/driver/documents'), { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status));
          return (await response.json()) as DriverDocumentsResponse;
        })
        .then((next) => current && setAnswer(next))
        // A failure leaves what was shown: the page's other parts say when the connection is lost.
        .catch(() => undefined);
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [apiBaseUrl, token]);

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
