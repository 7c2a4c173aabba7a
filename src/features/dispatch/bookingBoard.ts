/** Which column of the board a booking is in, and how its state reads in Spanish. */
import type { Booking, BookingStatus } from './dispatchTypes';

export type BoardColumn = 'por_asignar' | 'programados' | 'en_curso' | 'finalizados';

export const columnTitles: Record<BoardColumn, string> = {
  por_asignar: 'Por asignar',
  programados: 'Programados',
  en_curso: 'En curso',
  finalizados: 'Finalizados hoy',
};

export const columnEmpty: Record<BoardColumn, string> = {
  por_asignar: 'Nada por asignar',
  programados: 'Sin viajes programados',
  en_curso: 'Ningún viaje en curso',
  finalizados: 'Aún no termina ningún viaje hoy',
};

export const statusLabels: Record<BookingStatus, string> = {
  pendiente: 'Pendiente',
  programado: 'Programado',
  ofrecido: 'Ofrecido',
  asignado: 'Asignado',
  en_camino: 'En camino',
  en_el_lugar: 'En el lugar',
  a_bordo: 'A bordo',
  finalizado: 'Finalizado',
  cancelado: 'Cancelado',
  no_se_presento: 'No se presentó',
};

const COLUMN_OF: Record<BookingStatus, BoardColumn> = {
  pendiente: 'por_asignar',
  ofrecido: 'por_asignar',
  programado: 'programados',
  asignado: 'en_curso',
  en_camino: 'en_curso',
  en_el_lugar: 'en_curso',
  a_bordo: 'en_curso',
  finalizado: 'finalizados',
  cancelado: 'finalizados',
  no_se_presento: 'finalizados',
};

export const isOpen = (booking: Booking) => COLUMN_OF[booking.status] !== 'finalizados';

/** The desk's next manual step for a trip of a taxi without /conductor (radio), if any. */
export const manualNext: Partial<Record<BookingStatus, { status: BookingStatus; label: string }>> = {
  asignado: { status: 'en_el_lugar', label: 'Llegó' },
  en_camino: { status: 'en_el_lugar', label: 'Llegó' },
  en_el_lugar: { status: 'a_bordo', label: 'A bordo' },
  a_bordo: { status: 'finalizado', label: 'Finalizar' },
};

/** The board: each column's bookings, the most urgent first (attention, then oldest or soonest). */
export function boardColumns(bookings: readonly Booking[]): Record<BoardColumn, Booking[]> {
  const columns: Record<BoardColumn, Booking[]> = { por_asignar: [], programados: [], en_curso: [], finalizados: [] };
  for (const booking of bookings) columns[COLUMN_OF[booking.status]].push(booking);
  const time = (booking: Booking) => Date.parse(booking.scheduled_at ?? booking.created_at);
  columns.por_asignar.sort((a, b) => Number(b.needs_attention) - Number(a.needs_attention) || time(a) - time(b));
  columns.programados.sort((a, b) => time(a) - time(b));
  columns.en_curso.sort((a, b) => time(a) - time(b));
  columns.finalizados.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
  return columns;
}
