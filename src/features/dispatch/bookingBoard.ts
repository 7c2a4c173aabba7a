/** The board's columns (the server says which column each booking is in) and the desk's manual steps. */
import type { Booking, BoardColumn, BookingStatus } from '../../../contract/api';

export { boardColumnLabels as columnTitles, bookingStatusLabels as statusLabels, BOARD_COLUMNS } from '../../../contract/api';

export const columnEmpty: Record<BoardColumn, string> = {
  por_asignar: 'Nada por asignar',
  programados: 'Sin viajes programados',
  en_curso: 'Ningún viaje en curso',
  finalizados: 'Aún no termina ningún viaje hoy',
};

export const isOpen = (booking: Booking) => booking.board !== 'finalizados';

/** The desk's manual steps for a trip of a taxi without /conductor (followed by radio). */
export const manualSteps: Partial<Record<BookingStatus, { status: BookingStatus; label: string }[]>> = {
  asignado: [
    { status: 'en_camino', label: 'En camino' },
    { status: 'en_el_lugar', label: 'Llegó' },
  ],
  en_camino: [{ status: 'en_el_lugar', label: 'Llegó' }],
  en_el_lugar: [
    { status: 'a_bordo', label: 'A bordo' },
    { status: 'no_se_presento', label: 'No se presentó' },
  ],
  a_bordo: [{ status: 'finalizado', label: 'Finalizar' }],
};

const when = (booking: Booking) => Date.parse(booking.scheduled_for ?? booking.created_at);

/** The board: each column's bookings, the most urgent first (attention, then oldest or soonest; the latest finished first). */
export function boardColumns(bookings: readonly Booking[]): Record<BoardColumn, Booking[]> {
  const columns: Record<BoardColumn, Booking[]> = { por_asignar: [], programados: [], en_curso: [], finalizados: [] };
  for (const booking of bookings) columns[booking.board].push(booking);
  columns.por_asignar.sort((a, b) => Number(b.needs_attention) - Number(a.needs_attention) || when(a) - when(b));
  columns.programados.sort((a, b) => when(a) - when(b));
  columns.en_curso.sort((a, b) => when(a) - when(b));
  columns.finalizados.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
  return columns;
}
