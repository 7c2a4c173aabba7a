/**
 * Vencimientos on the dashboard's "Requiere atención" (the app composes it there): each taxi's and
 * driver's document expired or expiring within 30 days, expired first. Licences typed on the driver
 * are already listed by the dashboard itself, so only documents are added here. Nothing while loading
 * or on failure.
 */
import { Link } from 'react-router-dom';
import type { ExpiriesResponse } from '../../../contract/documents';
import { Badge } from '../../components/Badge';
import { useGetExpiriesQuery } from './documentsApi';
import { daysText, expiryText, subjectLabel } from './expiryText';

const SOON_DAYS = 30;

/** The rows this part adds (the dashboard counts them in "Requiere atención (N)"). */
export const attentionExpiries = (data: ExpiriesResponse | undefined) => (data?.expiries ?? []).filter((item) => item.document_id !== null && item.days_left <= SOON_DAYS);

export function ExpiriesAttention() {
  const { data } = useGetExpiriesQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const items = attentionExpiries(data);
  if (items.length === 0) return null;
  const now = new Date();
  return (
    <ul className="flota-attention__list" aria-label="Documentos vencidos o por vencer">
      {items.map((item) => (
        <li key={item.document_id} className="flota-attention__item">
          <Badge tone={item.status === 'vencido' ? 'danger' : 'warning'}>{item.status === 'vencido' ? 'Doc. vencido' : 'Vence pronto'}</Badge>
          <p className="flota-attention__text">
            <strong>{item.label}</strong> de {subjectLabel(item).toLowerCase()} {item.name}: {expiryText(item, now)} ({daysText(item.days_left)})
          </p>
          <span className="flota-attention__actions">
            <Link className="flota-attention__action" to="/dashboard/expiries" aria-label={`Ver vencimientos: ${item.label} de ${item.name}`}>
              Ver vencimientos
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}
