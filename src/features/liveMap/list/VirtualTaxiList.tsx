/**
 * A list of taxis that renders only the entries in view (@tanstack/react-virtual): the DOM stays
 * the same size with 10 or 5,000 taxis. Arrow keys move between entries, scrolling as they go, so
 * every taxi is reachable by keyboard although most entries do not exist in the DOM.
 */
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import type { TaxiRow } from '../state/taxiRows';

interface VirtualTaxiListProps {
  rows: readonly TaxiRow[];
  rowHeight: number;
  className: string;
  label?: string;
  renderRow(row: TaxiRow, index: number): ReactNode;
}

const FOCUSABLE = 'button';

export function VirtualTaxiList({ rows, rowHeight, className, label, renderRow }: VirtualTaxiListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change as it scrolls: this component re-renders with them, unmemoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    getItemKey: (index) => rows[index].shift.id,
    // A list without layout yet (or in jsdom) still shows a screenful, not nothing.
    initialRect: { width: 0, height: rowHeight * 8 },
    observeElementRect: (instance, notify) => observeElementRect(instance, (rect) => notify(rect.height > 0 ? rect : { width: rect.width, height: rowHeight * 8 })),
  });

  function focusEntry(index: number) {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // The entry may only exist after the scroll renders it.
    const tryFocus = (attempt: number) => {
      const target = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] ${FOCUSABLE}`);
      if (target) target.focus();
      else if (attempt < 5) requestAnimationFrame(() => tryFocus(attempt + 1));
    };
    tryFocus(0);
  }

  // Arrow keys on an entry's button (a native listener: the entries themselves are the controls).
  const focusEntryRef = useRef(focusEntry);
  useEffect(() => {
    focusEntryRef.current = focusEntry;
  });
  const count = rows.length;
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const from = Number((event.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index'));
      if (Number.isNaN(from)) return;
      const to = ({ ArrowDown: from + 1, ArrowUp: from - 1, Home: 0, End: count - 1 } as Record<string, number>)[event.key];
      if (to === undefined || to < 0 || to >= count) return;
      event.preventDefault();
      focusEntryRef.current(to);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [count]);

  return (
    <div ref={scrollRef} className={`flota-virtual-list ${className}`}>
      <ul aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <li key={item.key} data-index={item.index} aria-setsize={rows.length} aria-posinset={item.index + 1} style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
            {renderRow(rows[item.index], item.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
