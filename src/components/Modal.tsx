import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './modal.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Where focus goes on opening: the first field one can type in, else anything focusable. */
const FIRST_FIELD = 'input:not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])';

/**
 * An accessible dialog drawn over the page. It renders in place (no portal to document.body): the
 * app is embedded in other pages and its styles are scoped under .flota-app. It keeps Tab inside,
 * closes on Escape and on Cancelar, and gives focus back to whatever opened it.
 */
export function Modal({ title, onClose, children, actions }: { title: string; onClose: () => void; children: ReactNode; actions?: ReactNode }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector('.flota-modal__body')?.querySelector<HTMLElement>(FIRST_FIELD) ?? dialog;
    first?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusables = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusables.length === 0) return;
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="flota-modal-backdrop">
      {/* The dialog handles keys for everything inside it (Escape, Tab trap). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div ref={dialogRef} className="flota-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={handleKeyDown}>
        <div className="flota-modal__header">
          <h2 id={titleId} className="flota-modal__title">
            {title}
          </h2>
        </div>
        <div className="flota-modal__body">{children}</div>
        <div className="flota-modal__footer">
          <button type="button" className="flota-button flota-button--secondary" onClick={onClose}>
            Cancelar
          </button>
          {actions}
        </div>
      </div>
    </div>
  );
}
