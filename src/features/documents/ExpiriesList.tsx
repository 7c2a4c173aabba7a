/** The expiries shown: a table on a desk, cards on a phone (the CSS shows one of them). */
import { Link } from 'react-router-dom';
import type { Expiry } from '../../../contract/documents';
import { Badge } from '../../components/Badge';
import { DataTable } from '../../components/DataTable';
import { daysText, expiryText, subjectLabel } from './expiryText';

function StatusBadge({ item }: { item: Expiry }) {
  if (item.status === 'vencido') return <Badge tone="danger">Vencido</Badge>;
  return <Badge tone={item.days_left <= 7 ? 'warning' : 'info'}>Por vencer</Badge>;
}

function subjectLink(item: Expiry): string {
  return item.subject === 'vehicle' ? '/dashboard/vehicles' : `/dashboard/drivers?conductor=${item.driver_id}`;
}

export function ExpiriesList({ shown, now, titleId }: { shown: readonly Expiry[]; now: Date; titleId: string }) {
  return (
    <>
      <DataTable boxClassName="flota-expiries__table-box" className="flota-expiries__table">
          <thead>
            <tr>
              <th scope="col">Vence</th>
              <th scope="col">Vehículo o conductor</th>
              <th scope="col">Documento</th>
              <th scope="col">Número</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => (
              <tr key={`${item.subject}-${item.vehicle_id ?? item.driver_id}-${item.kind}-${item.label}`}>
                <td>
                  {expiryText(item, now)} <span className="flota-expiries__when">({daysText(item.days_left)})</span>
                </td>
                <th scope="row">
                  <span className="flota-expiries__subject">{subjectLabel(item)}</span> <Link to={subjectLink(item)}>{item.name}</Link>
                </th>
                <td>
                  {item.label}
                  {item.required ? '' : ' (opcional)'}
                  {item.has_file ? <span className="flota-expiries__file"> · con archivo</span> : null}
                </td>
                <td>{item.number ?? '—'}</td>
                <td>
                  <StatusBadge item={item} />
                </td>
              </tr>
            ))}
          </tbody>
      </DataTable>
      <ul className="flota-expiries__cards" aria-labelledby={titleId}>
        {shown.map((item) => (
          <li key={`${item.subject}-${item.vehicle_id ?? item.driver_id}-${item.kind}-${item.label}`} className="flota-expiries__card">
            <div className="flota-expiries__card-top">
              <strong>{item.label}</strong>
              <StatusBadge item={item} />
            </div>
            <p>
              {subjectLabel(item)} <Link to={subjectLink(item)}>{item.name}</Link>
              {item.number ? ` · N° ${item.number}` : ''}
            </p>
            <p className="flota-expiries__card-date">
              {expiryText(item, now)} ({daysText(item.days_left)})
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
