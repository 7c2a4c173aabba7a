import { ConfirmDeleteButton } from './ConfirmDeleteButton';

export interface EditDeleteHandlers {
  onEdit: () => void;
  onDelete: () => void;
}

/** A card's Editar and two-step Eliminar; nothing for a read-only viewer (handlers null). */
export function EditDeleteActions({ subject, handlers }: { subject: string; handlers: EditDeleteHandlers | null }) {
  if (!handlers) return null;
  return (
    <>
      <button type="button" className="flota-button flota-button--secondary" aria-label={`Editar ${subject}`} onClick={handlers.onEdit}>
        Editar
      </button>
      <ConfirmDeleteButton subject={subject} onConfirm={handlers.onDelete} />
    </>
  );
}
