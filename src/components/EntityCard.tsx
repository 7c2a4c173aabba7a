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
export function EntityCard({
  leading,
  title,
  subtitle,
  badges,
  details,
  actions,
  highlighted = false,
}: {
  leading: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  badges: ReactNode;
  details: CardDetail[];
  /** Left out for a read-only viewer: then the card has no action band at all. */
  actions?: ReactNode;
  /** The card a link pointed at (e.g. from the attention list). */
  highlighted?: boolean;
}) {
  return (
    <li className={highlighted ? 'flota-card flota-card--highlight' : 'flota-card'}>
      <div className="flota-card__head">
        {leading}
        <div className="flota-card__heading">
          {/* h2: the page's h1 is the only heading above the grid. Focusable for focusAfterCardRemoval. */}
          <h2 className="flota-card__title" tabIndex={-1}>
            {title}
          </h2>
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
      {actions && <div className="flota-card__actions">{actions}</div>}
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

/**
 * Called when a card's delete is confirmed (focus is on its button); the returned function, called
 * once the delete succeeded, moves focus to the next card's title (else the previous one's, else
 * the page's h1), so it does not fall to the page body when the card goes away.
 */
export function focusAfterCardRemoval(): () => void {
  const card = document.activeElement?.closest('.flota-card, tr');
  return () => {
    const neighbour = card?.nextElementSibling ?? card?.previousElementSibling;
    const target = neighbour?.querySelector<HTMLElement>('.flota-card__title, .flota-row-title') ?? card?.closest('section')?.querySelector<HTMLElement>('h1');
    target?.focus();
  };
}
