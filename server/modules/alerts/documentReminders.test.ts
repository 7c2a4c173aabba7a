/**
 * When a Vencimientos reminder comes due: at the fleet's hour on the threshold's local day in
 * America/Santiago, whatever daylight saving does to the UTC instant (Chile moves to UTC-3 on
 * 2026-09-06 and back to UTC-4 on 2026-04-05), and the day itself turns at local midnight.
 */
import { zonedDate } from '../../platform/timeZone';
import { dueThreshold, reminderWhen } from './documentReminders';

const TZ = 'America/Santiago';
const THRESHOLDS = [30, 15, 7, 1, 0];
const at = (iso: string) => new Date(iso);

describe('the fleet’s calendar day', () => {
  it('turns at local midnight across the September change (23:30 at UTC-4, then 01:30 at UTC-3)', () => {
    expect(zonedDate(at('2026-09-06T03:30:00Z'), TZ)).toBe('2026-09-05');
    expect(zonedDate(at('2026-09-06T04:30:00Z'), TZ)).toBe('2026-09-06');
  });
  it('holds 23:30 twice across the April change (the same local day both times)', () => {
    expect(zonedDate(at('2026-04-05T02:30:00Z'), TZ)).toBe('2026-04-04');
    expect(zonedDate(at('2026-04-05T03:30:00Z'), TZ)).toBe('2026-04-04');
    expect(zonedDate(at('2026-04-05T04:30:00Z'), TZ)).toBe('2026-04-05');
  });
});

describe('the threshold due', () => {
  it('comes at 09:00 local on the day DST starts: 12:00 UTC (UTC-3), not 13:00', () => {
    // Expires 2026-09-13: the 7-day reminder is for 2026-09-06, the day clocks jump forward.
    expect(dueThreshold('2026-09-13', THRESHOLDS, 9, at('2026-09-06T11:59:00Z'), TZ)).toBe(15);
    expect(dueThreshold('2026-09-13', THRESHOLDS, 9, at('2026-09-06T12:00:00Z'), TZ)).toBe(7);
  });
  it('comes at 09:00 local on the day DST ends: 13:00 UTC (UTC-4), not 12:00', () => {
    expect(dueThreshold('2026-04-05', THRESHOLDS, 9, at('2026-04-05T12:30:00Z'), TZ)).toBe(1);
    expect(dueThreshold('2026-04-05', THRESHOLDS, 9, at('2026-04-05T13:00:00Z'), TZ)).toBe(0);
  });
  it('is nothing before the first threshold, and the day itself once expired', () => {
    expect(dueThreshold('2027-06-30', THRESHOLDS, 9, at('2026-11-27T15:00:00Z'), TZ)).toBeNull();
    expect(dueThreshold('2026-10-18', THRESHOLDS, 9, at('2026-11-27T15:00:00Z'), TZ)).toBe(0);
  });
  it('follows the fleet’s hour', () => {
    expect(dueThreshold('2026-12-04', THRESHOLDS, 18, at('2026-11-27T20:59:00Z'), TZ)).toBe(15);
    expect(dueThreshold('2026-12-04', THRESHOLDS, 18, at('2026-11-27T21:00:00Z'), TZ)).toBe(7);
  });
});

it('reads "venció el" for a past date, never "vence"', () => {
  expect(reminderWhen({ days_left: -40, expires_on: '2026-10-18' })).toBe('venció el 18/10/2026');
  expect(reminderWhen({ days_left: 0, expires_on: '2026-11-27' })).toBe('vence hoy (27/11/2026)');
  expect(reminderWhen({ days_left: 5, expires_on: '2026-12-02' })).toBe('vence en 5 días (02/12/2026)');
});
