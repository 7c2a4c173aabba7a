import { useId, useMemo } from 'react';
import { BookingCard } from './BookingCard';
import type { BoardColumn, Booking } from '../../../contract/api';
import { BOARD_COLUMNS, boardColumns, columnEmpty, columnTitles } from './bookingBoard';

function Column({ column, bookings, selectedId, onSelect }: { column: BoardColumn; bookings: Booking[]; selectedId: number | null; onSelect(booking: Booking): void }) {
  const titleId = useId();
  return (
    <section className={`flota-board__column flota-board__column--${column}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="flota-board__title">
        {columnTitles[column]} <span className="flota-board__count">{bookings.length}</span>
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
    </section>
  );
}

/** Por asignar, Programados, En curso, Finalizados hoy: the desk's work at a glance, live. */
export function BookingBoard({ bookings, selectedId, onSelect }: { bookings: readonly Booking[]; selectedId: number | null; onSelect(booking: Booking): void }) {
  const columns = useMemo(() => boardColumns(bookings), [bookings]);
  return (
    <div className="flota-board" role="region" aria-label="Tablero de viajes">
      {BOARD_COLUMNS.map((column) => (
        <Column key={column} column={column} bookings={columns[column]} selectedId={selectedId} onSelect={onSelect} />
      ))}
    </div>
  );
}
