import { DISPLAY_PATTERNS, formatDate, formatDateTime, formatDay, formatTime, parseDay } from './dateFormat';

describe('the one date, date-time and time format', () => {
  const instant = '2026-12-07T07:09:30Z'; // 04:09:30 in Santiago (UTC-3 in December)

  it('writes an instant in the fleet time zone, day first, 24-hour', () => {
    expect(formatDate(instant, 'America/Santiago')).toBe('07/12/2026');
    expect(formatTime(instant, { timeZone: 'America/Santiago' })).toBe('04:09');
    expect(formatTime(instant, { timeZone: 'America/Santiago', seconds: true })).toBe('04:09:30');
    expect(formatDateTime(instant, { timeZone: 'America/Santiago' })).toBe('07/12/2026 04:09');
    expect(formatDateTime('2026-12-07T18:45:00Z', { timeZone: 'America/Santiago' })).toBe('07/12/2026 15:45');
    expect(formatTime('2026-12-07T03:05:00Z', { timeZone: 'America/Santiago' })).toBe('00:05');
  });

  it('writes a stored day as that day, whatever the time zone', () => {
    expect(formatDay('2026-12-07')).toBe('07/12/2026');
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('says — for what is not a time rather than "Invalid Date"', () => {
    expect(formatDateTime('mañana')).toBe('—');
    expect(formatTime('')).toBe('—');
  });

  it('matches its own patterns', () => {
    expect(formatDate(instant)).toMatch(DISPLAY_PATTERNS.date);
    expect(formatDateTime(instant)).toMatch(DISPLAY_PATTERNS.dateTime);
    expect(formatTime(instant)).toMatch(DISPLAY_PATTERNS.time);
  });
});

describe('parseDay: a day as a person types it', () => {
  it.each([
    ['07/12/2026', '2026-12-07'],
    ['7-12-2026', '2026-12-07'],
    [' 07.12.2026 ', '2026-12-07'],
    ['29/02/2028', '2028-02-29'],
  ])('%s → %s', (typed, day) => expect(parseDay(typed)).toBe(day));

  it.each(['31/02/2026', '2026-12-07', '12/2026', '07/12/26', '', '00/12/2026', '07/13/2026'])('refuses %j', (typed) => expect(parseDay(typed)).toBeNull());
});
