import { useEffect, useRef } from 'react';

/**
 * Once the list is first on screen, moves focus to the highlighted card's or row's title (a link
 * pointed at it) and scrolls it into view, so keyboard and screen reader users land where the link
 * said. Only once: later redraws (a sort, the table view) leave focus where the user put it.
 */
export function useFocusHighlighted(ready: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const target = document.querySelector<HTMLElement>('.flota-card--highlight .flota-card__title, .flota-row--highlight .flota-row-title');
    target?.focus();
    target?.scrollIntoView?.({ block: 'center' });
  }, [ready]);
}
