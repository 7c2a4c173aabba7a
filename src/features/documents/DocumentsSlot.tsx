/**
 * What a vehicle's or driver's card shows of Vencimientos: a badge when a current document expired or
 * expires within 30 days (and a taxi's retirement date when the fleet set a maximum age), and the
 * Documentos button that opens them. One request for every card: the fleet's expiries, cached.
 */
import { formatDay } from '../../../contract/dateFormat';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { useGetExpiriesQuery } from './documentsApi';
import { DocumentsModal, type DocumentsSubject } from './DocumentsModal';
import { expiryText } from './expiryText';
import './documents.css';

const SOON_DAYS = 30;

export function DocumentsSlot({ subject }: { subject: DocumentsSubject }) {
  const [open, setOpen] = useState(false);
  const { data } = useGetExpiriesQuery(undefined);
  const mine = (data?.expiries ?? []).filter((item) => (subject.vehicleId ? item.vehicle_id === subject.vehicleId : item.driver_id === subject.driverId));
  const expired = mine.filter((item) => item.status === 'vencido');
  const soon = mine.filter((item) => item.status === 'por_vencer' && item.days_left <= SOON_DAYS);
  const retirement = subject.vehicleId ? data?.retirements.find((vehicle) => vehicle.vehicle_id === subject.vehicleId) : undefined;
  const now = new Date();
  return (
    <div className="flota-documents-slot">
      {expired.length > 0 && <Badge tone="danger">{expired.length === 1 ? `Vencido: ${expired[0].label}` : `${expired.length} documentos vencidos`}</Badge>}
      {soon.length > 0 && (
        <Badge tone="warning">
          {soon[0].label} {expiryText(soon[0], now)}
        </Badge>
      )}
      {retirement && <Badge tone={retirement.days_left < 0 ? 'danger' : 'warning'}>Retiro: {formatDay(retirement.retires_on)}</Badge>}
      <button type="button" className="flota-button flota-button--secondary" onClick={() => setOpen(true)} aria-label={`Documentos de ${subject.name}`}>
        Documentos
      </button>
      {open && <DocumentsModal subject={subject} onClose={() => setOpen(false)} />}
    </div>
  );
}
