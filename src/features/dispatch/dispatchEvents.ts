/** Provisional event names and payload check until contract/dispatch.ts lands. */
import type { Booking } from './dispatchTypes';

export const BOOKING_EVENTS = ['booking_updated'] as const;

export function parseBookingEvent(event: string, payload: unknown): Booking | null {
  const booking = (payload as { booking?: Booking } | null)?.booking;
  if (booking && typeof booking.id === 'number') return booking;
  console.warn(`Flota: evento ${event} descartado, no coincide con el contrato`, { payload });
  return null;
}
