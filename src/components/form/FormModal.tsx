import { useId, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../Modal';
import './formModal.css';

/**
 * A Modal holding one form: the save error on top, the fields, and Cancelar / Guardar below.
 * `after` is shown below the form and is not part of it (e.g. a driver's phone setup).
 */
export function FormModal({
  title,
  onClose,
  onSubmit,
  busy,
  formError,
  children,
  after,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  formError: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  const formId = useId();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <button type="submit" form={formId} className="flota-button flota-button--primary" disabled={busy}>
          {busy ? 'Guardando...' : 'Guardar'}
        </button>
      }
    >
      <form id={formId} onSubmit={handleSubmit} noValidate aria-label={title}>
        {formError && (
          <p className="flota-form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="flota-form-grid">{children}</div>
      </form>
      {after}
    </Modal>
  );
}
