/**
 * "Asignar igual" asks here, in the page, not with the browser's own confirm box: the taxi's expired
 * documents are listed, the desk decides, and either button returns the focus to a sensible place.
 */
import { useEffect, useRef } from 'react';
import type { DocumentBlock } from '../../../contract/documents';

export function ConfirmExpiredAssign({ taxi, busy, onConfirm, onBack }: { taxi: DocumentBlock; busy: boolean; onConfirm(): void; onBack(): void }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div className="flota-booking-detail__cancel" role="group" aria-label="Asignar con documentos vencidos">
      <p className="flota-booking-detail__meta">
        <strong>{taxi.driver_name}</strong> tiene documentos vencidos:
      </p>
      <ul className="flota-booking-detail__reasons">
        {taxi.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className="flota-booking-detail__meta">¿Asignar de todos modos? Quedará registrado en Actividad.</p>
      <button ref={confirmRef} type="button" className="flota-button flota-button--danger" disabled={busy} onClick={onConfirm}>
        Asignar de todos modos
      </button>
      <button type="button" className="flota-link-button" onClick={onBack}>
        Volver
      </button>
    </div>
  );
}
