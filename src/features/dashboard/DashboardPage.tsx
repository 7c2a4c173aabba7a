import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadFailure } from '../../components/LoadFailure';
import { usePermissions } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { AttentionList, type ShowTaxi } from './AttentionList';
import { useGetFleetCountsQuery, type FleetCounts } from './dashboardApi';
import '../../components/visuallyHidden.css';
import './dashboard.css';

const cards: { key: keyof FleetCounts; label: string; tone: string }[] = [
  { key: 'activeShifts', label: 'Turnos Activos', tone: 'green' },
  { key: 'drivers', label: 'Conductores', tone: 'blue' },
  { key: 'vehicles', label: 'Vehículos', tone: 'amber' },
];

/** onShowTaxi: given by the app, which knows the live map (a feature does not import another). */
export function DashboardPage({ onShowTaxi, openAlerts, extraAttention, extraAttentionRows = 0, attentionSettled }: { onShowTaxi?: ShowTaxi; openAlerts?: ReactNode; extraAttention?: ReactNode; extraAttentionRows?: number; attentionSettled?: boolean }) {
  const { data, isLoading, isError, refetch } = useGetFleetCountsQuery(undefined, { refetchOnMountOrArgChange: 30 });
  const navigate = useNavigate();
  const titleId = useId();
  const { manageFleet } = usePermissions();

  return (
    <section aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Panel de Control" subtitle="Resumen de tu flota en este momento" />
      {isError && !data && <LoadFailure message="No se pudieron cargar los totales de la flota." onRetry={() => void refetch()} />}
      {/* The cards are there from the first frame, empty while the counts load: what follows them never moves (CLS). */}
      <p className="flota-visually-hidden" role="status" aria-live="polite">
        {isLoading ? 'Cargando...' : ''}
      </p>
      <div className="flota-stats" aria-busy={isLoading}>
        {cards.map((card) => (
          <div key={card.key} className={`flota-stat flota-stat--${card.tone}`} role="group" aria-label={card.label}>
            <div className="flota-stat__label">{card.label}</div>
            {/* On failure loading stops (as the spec says): the card stays without a number, Reintentar above. */}
            <div className="flota-stat__value">{data ? data[card.key] : isLoading ? '\u00a0' : '—'}</div>
          </div>
        ))}
      </div>
      <h2 className="flota-section-title">Acciones rápidas</h2>
      <div className="flota-quick-actions">
        {manageFleet && (
          <>
            <button type="button" className="flota-button flota-button--primary" onClick={() => navigate('/dashboard/drivers', { state: { create: true } })}>
              + Nuevo Conductor
            </button>
            <button type="button" className="flota-button flota-button--primary" onClick={() => navigate('/dashboard/vehicles', { state: { create: true } })}>
              + Nuevo Vehículo
            </button>
          </>
        )}
        <button type="button" className="flota-button flota-button--secondary" onClick={() => navigate('/dashboard/map')}>
          Ver Mapa
        </button>
      </div>
      <AttentionList onShowTaxi={onShowTaxi} openAlerts={openAlerts} extra={extraAttention} extraRows={extraAttentionRows} othersSettled={attentionSettled} />
    </section>
  );
}
