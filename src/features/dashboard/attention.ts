/**
 * What on the desk needs someone now, worked out from what the app already loads: the active-shift
 * snapshot and the drivers list. Pure, so the rules are tested without a screen.
 */
import dayjs from 'dayjs';
import type { Booking } from '../../../contract/dispatch';
import type { Driver, Shift } from '../../../contract/entities';
import { licenceStatus } from '../../lib/licence';

export type AttentionItem =
  | { kind: 'booking'; key: string; booking: Booking; waitingSeconds: number }
  | { kind: 'noSignal'; key: string; shift: Shift; silentSeconds: number; hasPosition: boolean; phone: string | null }
  | { kind: 'noVehicle'; key: string; shift: Shift; phone: string | null }
  | { kind: 'licence'; key: string; driver: Driver; expired: boolean; daysLeft: number };

export interface AttentionInput {
  shifts: readonly Shift[];
  drivers: readonly Driver[];
  /** Bookings nobody accepted (needs_attention, Por asignar). */
  bookings?: readonly Booking[];
  /** Epoch ms. */
  now: number;
  staleAfterSeconds: number;
}

/** "12 min", "1 h 5 min", "3 d": how long a taxi has been silent, as a dispatcher reads it. */
export function silenceText(seconds: number): string {
  const minutes = Math.max(1, Math.floor(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/**
 * Bookings nobody accepted first (a caller is waiting; the longest wait first), then taxis without
 * signal (longest silence first), then shifts without a vehicle, then licences (expired first, then
 * the nearest expiry). A shift that never sent a position counts from its start.
 */
export function attentionItems({ shifts, drivers, bookings = [], now, staleAfterSeconds }: AttentionInput): AttentionItem[] {
  const phoneOf = new Map(drivers.map((driver) => [driver.id, driver.phone]));
  const phone = (shift: Shift) => (shift.driver_id === null ? null : (phoneOf.get(shift.driver_id) ?? null));

  const noSignal = shifts
    .map((shift) => {
      const since = shift.last_location_time ?? shift.start_time;
      return { shift, silentSeconds: Math.floor((now - Date.parse(since)) / 1000) };
    })
    .filter(({ silentSeconds }) => silentSeconds > staleAfterSeconds)
    .sort((a, b) => b.silentSeconds - a.silentSeconds)
    .map(({ shift, silentSeconds }): AttentionItem => ({ kind: 'noSignal', key: `signal-${shift.id}`, shift, silentSeconds, hasPosition: shift.last_location_time !== null, phone: phone(shift) }));

  const noVehicle = shifts.filter((shift) => shift.vehicle_id === null).map((shift): AttentionItem => ({ kind: 'noVehicle', key: `vehicle-${shift.id}`, shift, phone: phone(shift) }));

  const today = dayjs(now).startOf('day');
  const licences = drivers
    .filter((driver) => driver.is_active && driver.license_expiry)
    .map((driver) => ({ driver, status: licenceStatus(driver.license_expiry, new Date(now)), daysLeft: dayjs(driver.license_expiry).startOf('day').diff(today, 'day') }))
    .filter(({ status }) => status === 'expired' || status === 'expiringSoon')
    .sort((a, b) => a.daysLeft - b.daysLeft)
    .map(({ driver, status, daysLeft }): AttentionItem => ({ kind: 'licence', key: `licence-${driver.id}`, driver, expired: status === 'expired', daysLeft }));

  const unaccepted = bookings
    .filter((booking) => booking.needs_attention && booking.status === 'pendiente')
    .map((booking) => ({ booking, waitingSeconds: Math.max(0, Math.floor((now - Date.parse(booking.created_at)) / 1000)) }))
    .sort((a, b) => b.waitingSeconds - a.waitingSeconds)
    .map(({ booking, waitingSeconds }): AttentionItem => ({ kind: 'booking', key: `booking-${booking.id}`, booking, waitingSeconds }));

  return [...unaccepted, ...noSignal, ...noVehicle, ...licences];
}

/** "vence hoy", "vence mañana", "vence en 12 días", "venció hace 3 días". */
export function licenceWhen(daysLeft: number): string {
  if (daysLeft === 0) return 'vence hoy';
  if (daysLeft === 1) return 'vence mañana';
  if (daysLeft > 1) return `vence en ${daysLeft} días`;
  return daysLeft === -1 ? 'venció ayer' : `venció hace ${-daysLeft} días`;
}

