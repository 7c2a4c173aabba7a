import { formatDay } from '../../contract/dateFormat';
import dayjs from 'dayjs';

/** A licence expiring within this many days gets a warning. */
export const LICENCE_WARNING_DAYS = 30;

export type LicenceStatus = 'expired' | 'expiringSoon' | 'valid' | 'unknown';

/**
 * Where a licence stands on `now`'s calendar day: it is valid through its expiry date, and
 * "expiring soon" from 30 days before it.
 */
export function licenceStatus(expiry: string | null, now: Date): LicenceStatus {
  if (!expiry) return 'unknown';
  const expiryDay = dayjs(expiry).startOf('day');
  if (!expiryDay.isValid()) return 'unknown';
  const today = dayjs(now).startOf('day');
  if (expiryDay.isBefore(today)) return 'expired';
  if (!expiryDay.isAfter(today.add(LICENCE_WARNING_DAYS, 'day'))) return 'expiringSoon';
  return 'valid';
}

/**
 * The expiry date as a sentence that knows which side of today it is on: "vence el 15/12/2026", or
 * "venció el 20/11/2026" once past (it read "vence 17/10/2026" for a licence expired 40 days ago).
 */
export function licenceExpiryText(expiry: string, now: Date): string {
  const date = formatDay(expiry);
  return licenceStatus(expiry, now) === 'expired' ? `venció el ${date}` : `vence el ${date}`;
}
