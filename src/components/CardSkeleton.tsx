import { VisuallyHidden } from './VisuallyHidden';
import './entityCard.css';
import './cardSkeleton.css';

/** Grey placeholder cards while a grid loads; screen readers hear "Cargando...". */
export function CardSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="flota-card-grid">
      <p role="status" aria-live="polite" className="flota-skeleton__status">
        <VisuallyHidden>Cargando...</VisuallyHidden>
      </p>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flota-skeleton" aria-hidden="true">
          <div className="flota-skeleton__row">
            <span className="flota-skeleton__circle" />
            <span className="flota-skeleton__line flota-skeleton__line--title" />
          </div>
          <span className="flota-skeleton__line" />
          <span className="flota-skeleton__line" />
          <span className="flota-skeleton__line flota-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}
