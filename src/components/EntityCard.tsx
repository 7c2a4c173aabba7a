import type { ReactNode } from 'react';
import './entityCard.css';

export interface CardDetail {
  label: string;
  value: ReactNode;
}

/**
 * One card of a drivers or vehicles grid: a leading mark (initials, car icon; class flota-card__mark
 * sizes it), a title, badges, a list of labelled details and the actions. It is a list item of a CardGrid.
 */
export function EntityCard({ leading, title, subtitle, badges, details, actions }: { leading: ReactNode; title: ReactNode; subtitle?: ReactNode; badges: ReactNode; details: CardDetail[]; actions: ReactNode }) {
  return (
    <li className="flota-card">
      <div className="flota-card__head">
        {leading}
        <div className="flota-card__heading">
          <h3 className="flota-card__title">{title}</h3>
          {subtitle && <div className="flota-card__subtitle">{subtitle}</div>}
        </div>
      </div>
      <div className="flota-card__badges">{badges}</div>
      <dl className="flota-card__details">
        {details.map((detail) => (
          <div key={detail.label} className="flota-card__detail">
            <dt>{detail.label}</dt>
            <dd>{detail.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flota-card__actions">{actions}</div>
    </li>
  );
}

/** The responsive grid of cards, a list named after what it holds. */
export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="flota-card-grid" aria-label={label}>
      {children}
    </ul>
  );
}
