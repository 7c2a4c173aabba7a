import { RankNumber } from '../../components/RankNumber';
import { distanceText, etaText } from './distanceFormat';
import type { Candidate } from '../../../contract/api';

/** The free taxis near a pickup, best estimate first (a taxi that left this booking's offer unanswered last, marked), each with Asignar. */
export function CandidateList({ candidates, loading, failed, busy, onAssign, onRetry }: { candidates: Candidate[] | undefined; loading: boolean; failed: boolean; busy: boolean; onAssign?: (candidate: Candidate) => void; onRetry(): void }) {
  if (loading) return <p className="flota-candidates__note">Buscando taxis libres...</p>;
  if (failed)
    return (
      <p className="flota-candidates__note">
        No se pudieron cargar los taxis libres.{' '}
        <button type="button" className="flota-link-button" onClick={onRetry}>
          Reintentar
        </button>
      </p>
    );
  if (!candidates?.length) return <p className="flota-candidates__note">No hay taxis libres con posición reciente cerca.</p>;
  return (
    <ol className="flota-candidates" aria-label="Taxis libres más cercanos">
      {candidates.map((candidate, index) => (
        <li key={candidate.driver_id} className="flota-candidates__item">
          <RankNumber rank={index + 1} />
          <span className="flota-candidates__who">
            <strong>{candidate.driver_name}</strong>
            <span>{candidate.plate_number ?? 'Sin vehículo'}</span>
            {candidate.offer_unanswered && <span className="flota-candidates__silent">Dejó esta oferta sin respuesta</span>}
          </span>
          <span className="flota-candidates__eta">
            {etaText(candidate.eta_s)}
            <span>{distanceText(candidate.distance_m)}</span>
          </span>
          {onAssign && (
            <button type="button" className="flota-button flota-button--secondary" disabled={busy} onClick={() => onAssign(candidate)} aria-label={`Asignar a ${candidate.driver_name}`}>
              Asignar
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
