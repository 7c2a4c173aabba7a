import { useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import './modal.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Where focus goes on opening: the first field one can type in, else the close button. */
const FIRST_FIELD = 'input:not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])';

interface ModalProps {
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** The text of the close button: Cancelar for a form, Cerrar for a dialog that only shows. */
  closeLabel?: string;
  /** Room for a map or a table rather than a form. */
  wide?: boolean;
  /** A click beside the dialog closes it too (not for forms, where it would lose what was typed). */
  closeOnBackdropClick?: boolean;
}

/**
 * An accessible dialog drawn over the page. It renders in place (no portal to document.body): the
 * app is embedded in other pages and its styles are scoped under .flota-app. It keeps Tab inside,
 * closes on Escape and on its close button, and gives focus back to whatever opened it.
 */
export function Modal({ title, subtitle, onClose, children, actions, closeLabel = 'Cancelar', wide, closeOnBackdropClick }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Before the first paint, not after it: a dialog on screen already holds the focus, so an Escape
  // pressed the moment it shows reaches it (after paint, a quick Escape went to the opener and the
  // dialog stayed open; CI's Notificaciones journey hung on that).
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector('.flota-modal__body')?.querySelector<HTMLElement>(FIRST_FIELD) ?? closeRef.current;
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

  // On mouse down, not click: a text selection dragged out of the dialog must not close it. The
  // default is prevented so that the press does not take focus away from the opener again.
  function closeOnBackdrop(event: MouseEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    onClose();
  }

  return (
    // Keyboard users close with Escape or the close button; the backdrop click is a mouse shortcut.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="flota-modal-backdrop" onMouseDown={closeOnBackdropClick ? closeOnBackdrop : undefined}>
      {/* The dialog handles keys for everything inside it (Escape, Tab trap). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div ref={dialogRef} className={wide ? 'flota-modal flota-modal--wide' : 'flota-modal'} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={handleKeyDown}>
        <div className="flota-modal__header">
          <h2 id={titleId} className="flota-modal__title">
            {title}
          </h2>
          {subtitle && <p className="flota-modal__subtitle">{subtitle}</p>}
        </div>
        <div className="flota-modal__body">{children}</div>
        <div className="flota-modal__footer">
          <button ref={closeRef} type="button" className="flota-button flota-button--secondary" onClick={onClose}>
            {closeLabel}
          </button>
          {actions}
        </div>
      </div>
    </div>
  );
}
