import './emptyState.css';

/** What a list shows when it has nothing yet: a sentence and the action that fills it (none for a read-only viewer). */
export function EmptyState({ message, actionLabel, onAction }: { message: string; actionLabel: string; onAction?: () => void }) {
  return (
    <div className="flota-empty">
      <p className="flota-empty__message">{message}</p>
      {onAction && (
        <button type="button" className="flota-button flota-button--primary" onClick={onAction}>
          {actionLabel}
        </button>
      )}
    </div>
  );
}
