import { RankNumber } from '../../components/RankNumber';
import { distanceText, etaText } from './distanceFormat';
import type { Candidate } from '../../../contract/api';
import type { DocumentBlock } from '../../../contract/documents';

/** Free taxis Vencimientos keeps out of dispatch, each with why (the operator sees them too). */
function ExcludedTaxis({ excluded, busy, onAssign }: { excluded: DocumentBlock[]; busy: boolean; onAssign?: (taxi: DocumentBlock) => void }) {
  return (
    <ul className="flota-candidates flota-candidates--excluded" aria-label="Taxis excluidos por documentos vencidos">
      {excluded.map((taxi) => (
        <li key={taxi.driver_id} className="flota-candidates__item">
          <span className="flota-candidates__who">
            <strong>{taxi.driver_name}</strong>
            <span>{taxi.plate_number ?? 'Sin vehículo'} · Excluido</span>
            {taxi.reasons.map((reason) => (
              <span key={reason} className="flota-candidates__reason">
                {reason}
              </span>
            ))}
          </span>
          {onAssign && (
            <button type="button" className="flota-button flota-button--secondary" disabled={busy} onClick={() => onAssign(taxi)} aria-label={`Asignar igual a ${taxi.driver_name}`}>
              Asignar igual
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The free taxis near a pickup, best estimate first (a taxi that left this booking's offer unanswered last, marked), each with Asignar. */
export function CandidateList({
  candidates,
  excluded = [],
  loading,
  failed,
  busy,
  onAssign,
  onAssignExcluded,
  onRetry,
}: {
  candidates: Candidate[] | undefined;
  excluded?: DocumentBlock[];
  loading: boolean;
  failed: boolean;
  busy: boolean;
  onAssign?: (candidate: Candidate) => void;
  onAssignExcluded?: (taxi: DocumentBlock) => void;
  onRetry(): void;
}) {
  const out = excluded.length ? <ExcludedTaxis excluded={excluded} busy={busy} onAssign={onAssignExcluded} /> : null;
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
  if (!candidates?.length)
    return (
      <>
        <p className="flota-candidates__note">No hay taxis libres con posición reciente cerca.</p>
        {out}
      </>
    );
  return (
    <>
    <ol className="flota-candidates" aria-label="Taxis libres más cercanos">
      {candidates.map((candidate, index) => (
        <li key={candidate.driver_id} className="flota-candidates__item">
          <RankNumber rank={index + 1} />
          <span className="flota-candidates__who">
            <strong>{candidate.driver_name}</strong>
            <span>{candidate.plate_number ?? 'Sin vehículo'}</span>
            {candidate.offer_unanswered && <span className="flota-candidates__silent">Dejó esta oferta sin respuesta</span>}
          </span>
          {candidate.document_warnings?.length ? <span className="flota-candidates__reason">{candidate.document_warnings.join('; ')}</span> : null}
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
    {out}
    </>
  );
}
