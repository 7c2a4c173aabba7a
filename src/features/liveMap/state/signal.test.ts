import { isStale, noSignalText, secondsSince } from './signal';

const NOW = Date.parse('2026-11-21T15:00:00.000Z');

describe('signal', () => {
  it('measures the age of the last position', () => {
    expect(secondsSince('2026-11-21T14:59:30.000Z', NOW)).toBe(30);
    expect(secondsSince(null, NOW)).toBeNull();
  });

  it('never calls a taxi without any position stale (it is "Sin ubicación")', () => {
    expect(isStale(null, NOW, 120)).toBe(false);
  });

  it('says how long the signal has been gone, in whole minutes', () => {
    expect(noSignalText('2026-11-21T14:55:00.000Z', NOW)).toBe('Sin señal hace 5 min');
    expect(noSignalText('2026-11-21T14:52:31.000Z', NOW)).toBe('Sin señal hace 7 min');
  });
});
