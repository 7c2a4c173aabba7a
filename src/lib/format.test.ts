import { formatDateTime, formatDuration, formatPhoneCL, formatTimeEsCL } from './format';

/** An ISO instant for a local wall-clock time, so the expectations hold in any time zone. */
const localIso = (year: number, month: number, day: number, hour: number, minute: number) => new Date(year, month - 1, day, hour, minute).toISOString();

describe('formatDuration', () => {
  it.each([
    [0, '0h 0m'],
    [59, '0h 0m'],
    [65 * 60, '1h 5m'],
    [65 * 60 + 59, '1h 5m'],
    [25 * 3600, '25h 0m'],
    [123 * 3600 + 45 * 60 + 30, '123h 45m'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('shows En curso when there is no duration yet', () => {
    expect(formatDuration(null)).toBe('En curso');
  });
});

describe('formatDateTime', () => {
  it('writes dd/MM/yyyy HH:mm in local time, with leading zeros and 24 hours', () => {
    expect(formatDateTime(localIso(2026, 3, 7, 9, 5))).toBe('07/03/2026 09:05');
    expect(formatDateTime(localIso(2026, 11, 21, 23, 59))).toBe('21/11/2026 23:59');
  });
});

describe('formatTimeEsCL', () => {
  it('writes the hour and minutes with two digits, 24-hour, never "p. m."', () => {
    expect(formatTimeEsCL(localIso(2026, 11, 21, 9, 5))).toBe('09:05');
    expect(formatTimeEsCL(localIso(2026, 11, 21, 21, 40))).toBe('21:40');
    expect(formatTimeEsCL(localIso(2026, 11, 21, 0, 7))).toBe('00:07');
  });
});

describe('formatPhoneCL', () => {
  it.each([
    ['+56987654321', '+56 9 8765 4321'],
    ['+56 9 4785 9390', '+56 9 4785 9390'],
    ['987654321', '+56 9 8765 4321'],
    ['56 9 8765-4321', '+56 9 8765 4321'],
    ['+56223456789', '+56 2 2345 6789'],
    ['+56322345678', '+56 32 234 5678'],
    ['+5491123456789', '+5491123456789'],
    ['1234', '1234'],
  ])('%s → %s', (phone, shown) => {
    expect(formatPhoneCL(phone)).toBe(shown);
  });
});
