import { useId, useState } from 'react';
import { alertKindLabels, type AlertKind } from '../../../contract/alerts';
import { apiErrorMessage } from '../../lib/apiError';
import { useAcknowledgeAlertsMutation } from './alertsApi';

const acknowledgedText = (count: number) => (count === 1 ? '1 alerta reconocida' : `${count} alertas reconocidas`);

/**
 * A busy night's one-click answers (issue 46): "Reconocer seleccionadas" (the ticked entries, every
 * alert of each group) and, with a kind chosen in the filter, "Reconocer todas las de este tipo";
 * one optional note for all of them, one server call.
 */
export function AlertsBulkBar({ selectedIds, kind, anyOpen, onDone }: { selectedIds: number[]; kind: AlertKind | undefined; anyOpen: boolean; onDone: () => void }) {
  const [acknowledge, { isLoading, error }] = useAcknowledgeAlertsMutation();
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const noteId = useId();
  const failure = error ? apiErrorMessage(error, 'No se pudieron reconocer las alertas.') : null;
  const send = async (target: { ids: number[] } | { kind: AlertKind }) => {
    setDone(null);
    const answer = await acknowledge({ ...target, note }).unwrap().catch(() => null);
    if (!answer) return;
    setDone(acknowledgedText(answer.acknowledged));
    setNote('');
    onDone();
  };
  // Nothing left to acknowledge: only what was just done, if anything.
  if (!anyOpen)
    return done ? (
      <p className="flota-alerts-bulk__status" role="status">
        {done}
      </p>
    ) : null;
  // Nothing ticked, no kind chosen, nothing to say: a phone keeps the bar's room for alerts (alerts.css).
  const idle = selectedIds.length === 0 && !kind && !isLoading && !done && !failure;
  return (
    <div className={idle ? 'flota-alerts-bulk flota-alerts-bulk--idle' : 'flota-alerts-bulk'} role="group" aria-label="Reconocer varias">
      <label htmlFor={noteId} className="flota-visually-hidden">
        Nota para las reconocidas (opcional)
      </label>
      <input id={noteId} value={note} maxLength={500} placeholder="Nota (opcional)" onChange={(event) => setNote(event.target.value)} />
      <button type="button" className="flota-button flota-button--primary" disabled={isLoading || selectedIds.length === 0} onClick={() => void send({ ids: selectedIds })}>
        Reconocer seleccionadas
      </button>
      {kind && (
        <button type="button" className="flota-button flota-button--secondary" disabled={isLoading} onClick={() => void send({ kind })} title={alertKindLabels[kind]}>
          Reconocer todas las de este tipo
        </button>
      )}
      <span className="flota-alerts-bulk__status" role="status">
        {isLoading ? 'Reconociendo...' : selectedIds.length ? `${selectedIds.length === 1 ? '1 alerta seleccionada' : `${selectedIds.length} alertas seleccionadas`}` : (done ?? '')}
      </span>
      {failure && (
        <div role="alert" className="flota-alert__meta">
          {failure}
        </div>
      )}
    </div>
  );
}
