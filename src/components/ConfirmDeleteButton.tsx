import { useEffect, useState } from 'react';
import './confirmDeleteButton.css';

/** How long the button waits in its Confirmar state before going back. */
export const CONFIRM_WINDOW_MS = 3000;

/**
 * Two-step delete: the first click turns the button into Confirmar for 3 seconds; a second click in
 * that time calls onConfirm. `subject` names what is deleted, for screen readers.
 */
export function ConfirmDeleteButton({ subject, onConfirm }: { subject: string; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), CONFIRM_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [confirming]);

  function handleClick() {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    onConfirm();
  }

  return (
    <button
      type="button"
      className={`flota-button flota-delete-button${confirming ? ' flota-delete-button--confirming' : ''}`}
      aria-label={confirming ? `Confirmar eliminación de ${subject}` : `Eliminar ${subject}`}
      onClick={handleClick}
    >
      {confirming ? 'Confirmar' : 'Eliminar'}
    </button>
  );
}
