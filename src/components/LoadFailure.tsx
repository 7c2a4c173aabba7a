import './loadFailure.css';

/**
 * What a screen shows in place of what failed to load: a sentence that stays, and Reintentar,
 * which asks again without a reload. The announcement is the error notice's (role="alert").
 */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flota-load-failure">
      <p className="flota-load-failure__message">{message}</p>
      <button type="button" className="flota-button flota-button--secondary" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}
