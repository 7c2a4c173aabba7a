/**
 * An action a driver cannot take back, asked twice: the first tap shows the question with the two
 * answers (the safe one last, where a thumb rests after a mis-tap), each a full-width button. On a
 * phone in a moving taxi, one tap on "No se presentó" or "Terminar turno" ended a trip or a shift.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export interface ConfirmStepProps {
  /** The first button ("Terminar turno"). */
  label: string;
  /** What the second step asks ("¿Terminar el turno? Dejarás de recibir viajes."). */
  question: string;
  /** The answer that acts ("Sí, terminar turno"). */
  confirmLabel: string;
  /** The answer that keeps things as they are. */
  cancelLabel?: string;
  tone: 'danger' | 'secondary';
  disabled?: boolean;
  onConfirm(): void;
}

export function ConfirmStep({ label, question, confirmLabel, cancelLabel = 'Volver', tone, disabled = false, onConfirm }: ConfirmStepProps) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // Focus follows the question (and back), so a keyboard or a screen reader is never left behind.
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) firstRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={firstRef} type="button" className={`flota-button flota-button--${tone} flota-conductor__action`} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <ConfirmQuestion
      question={question}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      tone="danger"
      disabled={disabled}
      confirmRef={confirmRef}
      onConfirm={() => {
        setAsking(false);
        onConfirm();
      }}
      onCancel={() => setAsking(false)}
    />
  );
}

/** The second step's question and its two answers, the acting one first: ConfirmStep's, and any form's that asks before it acts. */
export function ConfirmQuestion({
  question,
  confirmLabel,
  cancelLabel,
  tone,
  disabled = false,
  confirmRef,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  tone: 'danger' | 'primary';
  disabled?: boolean;
  confirmRef?: RefObject<HTMLButtonElement | null>;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <div className="flota-confirm-step" role="group" aria-label={question}>
      <p className="flota-confirm-step__question">{question}</p>
      <button ref={confirmRef} type="button" className={`flota-button flota-button--${tone} flota-conductor__action`} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="flota-button flota-button--secondary flota-conductor__action" onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
