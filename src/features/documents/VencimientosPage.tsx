/**
 * Vencimientos (issue 34): everything expired or expiring within the window, by date, per vehicle
 * and driver; filters, an Excel export, and cards on a phone. A past date reads "venció el …".
 */
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { documentKindLabels, documentKinds, type DocumentKind, type Expiry } from '../../../contract/documents';
import { Badge } from '../../components/Badge';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { downloadBlob } from '../../lib/download';
import { usePermissions } from '../../app/hooks';
import { DocumentSettingsForm } from './DocumentSettingsForm';
import { useGetExpiriesQuery } from './documentsApi';
import { daysText, expiryText, subjectLabel } from './expiryText';
import './documents.css';

const WINDOWS = [30, 60, 90, 180];
type SubjectFilter = 'all' | 'vehicle' | 'driver';
type StatusFilter = 'all' | 'vencido' | 'por_vencer';

function StatusBadge({ item }: { item: Expiry }) {
  if (item.status === 'vencido') return <Badge tone="danger">Vencido</Badge>;
  return <Badge tone={item.days_left <= 7 ? 'warning' : 'info'}>Por vencer</Badge>;
}

function subjectLink(item: Expiry): string {
  return item.subject === 'vehicle' ? '/dashboard/vehicles' : `/dashboard/drivers?conductor=${item.driver_id}`;
}

export function VencimientosPage() {
  const [days, setDays] = useState<number | undefined>(undefined);
  const [subject, setSubject] = useState<SubjectFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [kind, setKind] = useState<DocumentKind | 'all'>('all');
  const query = useGetExpiriesQuery(days, { refetchOnMountOrArgChange: 60 });
  const { manageFleet } = usePermissions();
  const titleId = useId();
  const now = new Date();
  const data = query.data;
  const shown = useMemo(
    () => (data?.expiries ?? []).filter((item) => (subject === 'all' || item.subject === subject) && (status === 'all' || item.status === status) && (kind === 'all' || item.kind === kind)),
    [data, subject, status, kind],
  );
  const windowDays = data?.window_days ?? days ?? 60;

  async function exportXlsx() {
    const { expiriesXlsxBlob } = await import('./expiriesXlsx');
    downloadBlob(`vencimientos-${data?.today ?? 'hoy'}.xlsx`, await expiriesXlsxBlob(shown));
  }

  function list() {
    if (query.isLoading) return <LoadingText>Cargando vencimientos...</LoadingText>;
    if (!data) return <LoadFailure message="No se pudieron cargar los vencimientos." onRetry={() => void query.refetch()} />;
    if (!shown.length) return <EmptyState message={`Nada vencido ni por vencer en los próximos ${windowDays} días con estos filtros.`} actionLabel="" />;
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

  return (
    <div className="flota-page flota-expiries">
      <PageHeader id={titleId} title="Vencimientos" subtitle={`Documentos vencidos y por vencer en los próximos ${windowDays} días, por fecha`}>
        <button type="button" className="flota-button flota-button--secondary" onClick={() => void exportXlsx()} disabled={!shown.length}>
          Exportar Excel
        </button>
      </PageHeader>
      <form className="flota-expiries__filters" aria-label="Filtros de vencimientos" onSubmit={(event) => event.preventDefault()}>
        <label>
          Mostrar
          <select value={subject} onChange={(event) => setSubject(event.target.value as SubjectFilter)}>
            <option value="all">Vehículos y conductores</option>
            <option value="vehicle">Vehículos</option>
            <option value="driver">Conductores</option>
          </select>
        </label>
        <label>
          Estado
          <select value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
            <option value="all">Vencidos y por vencer</option>
            <option value="vencido">Vencidos</option>
            <option value="por_vencer">Por vencer</option>
          </select>
        </label>
        <label>
          Documento
          <select value={kind} onChange={(event) => setKind(event.target.value as DocumentKind | 'all')}>
            <option value="all">Todos</option>
            {documentKinds.map((k) => (
              <option key={k} value={k}>
                {documentKindLabels[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Próximos
          <select value={windowDays} onChange={(event) => setDays(Number(event.target.value))}>
            {[...new Set([...WINDOWS, windowDays])].sort((a, b) => a - b).map((d) => (
              <option key={d} value={d}>
                {d} días
              </option>
            ))}
          </select>
        </label>
      </form>
      {data && data.retirements.length > 0 && (
        <section className="flota-expiries__retirements" aria-label="Antigüedad máxima">
          <h2 className="flota-section-title">Antigüedad máxima</h2>
          <ul>
            {data.retirements.map((vehicle) => (
              <li key={vehicle.vehicle_id}>
                <strong>{vehicle.plate_number}</strong> ({vehicle.year}): {vehicle.days_left < 0 ? 'debía retirarse' : 'debe retirarse'} el {expiryText({ expires_on: vehicle.retires_on }, now).replace(/^vence el |^venció el /, '')}
              </li>
            ))}
          </ul>
        </section>
      )}
      {list()}
      {manageFleet && <DocumentSettingsForm />}
    </div>
  );
}
