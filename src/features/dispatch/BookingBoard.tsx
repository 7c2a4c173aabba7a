import { useId, useMemo } from 'react';
import { BookingCard } from './BookingCard';
import type { BoardColumn, Booking } from '../../../contract/api';
import { BOARD_COLUMNS, boardColumns, columnEmpty, columnTitles } from './bookingBoard';

/** Chilean thousands separator, also for four digits ("1.240"; Spanish's default would write 1240). */
const count = new Intl.NumberFormat('es-CL', { useGrouping: 'always' });

/** "y 1.240 más finalizados hoy": the closed bookings the server counted but did not list. */
export const moreClosedText = (n: number) => `y ${count.format(n)} más ${n === 1 ? 'finalizado' : 'finalizados'} hoy`;

function Column({ column, bookings, notShown, selectedId, onSelect }: { column: BoardColumn; bookings: Booking[]; notShown: number; selectedId: number | null; onSelect(booking: Booking): void }) {
  const titleId = useId();
  return (
    <section className={`flota-board__column flota-board__column--${column}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="flota-board__title">
        {columnTitles[column]} <span className="flota-board__count">{count.format(bookings.length + notShown)}</span>
      </h2>
      {bookings.length === 0 ? (
        <p className="flota-board__empty">{columnEmpty[column]}</p>
      ) : (
        <ul className="flota-board__list">
          {bookings.map((booking) => (
            <BookingCard key={booking.id} booking={booking} selected={booking.id === selectedId} onSelect={onSelect} />
          ))}
        </ul>
      )}
      {notShown > 0 && <p className="flota-board__more">{moreClosedText(notShown)}</p>}
    </section>
  );
}

/** Por asignar, Programados, En curso, Finalizados hoy: the desk's work at a glance, live. */
export function BookingBoard({
  bookings,
  closedNotShown = 0,
  selectedId,
  onSelect,
}: {
  bookings: readonly Booking[];
  /** Closed today and not listed (the server lists the newest): counted under Finalizados hoy. */
  closedNotShown?: number;
  selectedId: number | null;
  onSelect(booking: Booking): void;
}) {
  const columns = useMemo(() => boardColumns(bookings), [bookings]);
  return (
    // Notices stay off the board's columns (components/notifications/noticePlacement.ts).
    <div className="flota-board" role="region" aria-label="Tablero de viajes" data-flota-keep-clear="">
      {BOARD_COLUMNS.map((column) => (
        <Column key={column} column={column} bookings={columns[column]} notShown={column === 'finalizados' ? closedNotShown : 0} selectedId={selectedId} onSelect={onSelect} />
      ))}
    </div>
  );
}
