/**
 * Vencimientos (issue 34): everything expired or expiring within the window, by date, per vehicle
 * and driver; filters, an Excel export, and cards on a phone. A past date reads "venció el …".
 */
import { useId, useMemo, useState } from 'react';
import type { DocumentKind } from '../../../contract/documents';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { downloadBlob } from '../../lib/download';
import { usePermissions } from '../../app/hooks';
import { DocumentSettingsForm } from './DocumentSettingsForm';
import { useGetExpiriesQuery } from './documentsApi';
import { ExpiriesList } from './ExpiriesList';
import { ExpiryFilters, type StatusFilter, type SubjectFilter } from './ExpiryFilters';
import { Retirements } from './Retirements';
import './documents.css';

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
    return <ExpiriesList shown={shown} now={now} titleId={titleId} />;
  }

  return (
    <div className="flota-page flota-expiries">
      <PageHeader id={titleId} title="Vencimientos" subtitle={`Documentos vencidos y por vencer en los próximos ${windowDays} días, por fecha`}>
        <button type="button" className="flota-button flota-button--secondary" onClick={() => void exportXlsx()} disabled={!shown.length}>
          Exportar Excel
        </button>
      </PageHeader>
      <ExpiryFilters subject={subject} status={status} kind={kind} windowDays={windowDays} setSubject={setSubject} setStatus={setStatus} setKind={setKind} setDays={setDays} />
      {data && data.retirements.length > 0 && <Retirements retirements={data.retirements} now={now} />}
      {list()}
      {manageFleet && <DocumentSettingsForm />}
    </div>
  );
}
