/**
 * A list of taxis that renders only the entries in view (@tanstack/react-virtual): the DOM stays
 * the same size with 10 or 5,000 taxis. Arrow keys move between entries, scrolling as they go, so
 * every taxi is reachable by keyboard although most entries do not exist in the DOM.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { TaxiRow } from './taxiRows';

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
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    getItemKey: (index) => rows[index].shift.id,
    // Before the first measure (and in jsdom): a screenful.
    initialRect: { width: 0, height: rowHeight * 8 },
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

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = Number((event.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index'));
    if (Number.isNaN(from)) return;
    const to = { ArrowDown: from + 1, ArrowUp: from - 1, Home: 0, End: rows.length - 1 }[event.key];
    if (to === undefined || to < 0 || to >= rows.length) return;
    event.preventDefault();
    focusEntry(to);
  }

  return (
    <div ref={scrollRef} className={`flota-virtual-list ${className}`} onKeyDown={onKeyDown}>
      <ul aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <li key={item.key} data-index={item.index} style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
            {renderRow(rows[item.index], item.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
