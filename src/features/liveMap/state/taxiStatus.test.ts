import { makeShift } from '../../../testing/fixtures';
import { ageText, countByStatus, filterTaxis, matchesSearch, motionText, statusText } from './taxiStatus';
import { describeTaxis } from './taxiRows';

const NOW = Date.parse('2026-11-21T15:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

const rows = describeTaxis(
  [
    makeShift({ id: 1, first_name: 'Juan', last_name: 'Pérez', plate_number: 'BC-DF12', latitude: -32.4, longitude: -71.2, last_location_time: secondsAgo(5) }),
    makeShift({ id: 2, first_name: 'Ana', last_name: 'Soto', plate_number: null, latitude: null, longitude: null, last_location_time: null }),
    makeShift({ id: 3, first_name: 'Pedro', last_name: 'Rojas', plate_number: 'GHJK34', latitude: -32.4, longitude: -71.3, last_location_time: secondsAgo(600) }),
    makeShift({ id: 4, first_name: 'Rosa', last_name: 'Muñoz', plate_number: 'LLPP12', latitude: -32.4, longitude: -71.3, last_location_time: secondsAgo(12) }),
  ],
  NOW,
  120,
);

describe('taxi status', () => {
  it('counts en línea, sin señal and sin ubicación', () => {
    expect(countByStatus(rows)).toEqual({ all: 4, live: 2, stale: 1, unlocated: 1 });
  });

  it('never says En línea while the connection is down', () => {
    expect(statusText(rows[0], NOW, false)).toBe('🟢 En línea');
    expect(statusText(rows[0], NOW, true)).toBe('⏸ Sin conexión · hace 5 s');
    expect(statusText(rows[1], NOW, true)).toBe('⚪ Sin ubicación');
    expect(statusText(rows[2], NOW, false)).toBe('🟠 Sin señal hace 10 min');
  });

  it.each([
    ['3', [3]],
    ['#4', [4]],
    ['perez', [1]],
    ['MUÑOZ', [4]],
    ['bcdf', [1]],
    ['df12', [1]],
    ['12', [1, 4]], // taxi #12 does not exist; "12" is in two plates
    ['', [1, 2, 3, 4]],
    ['zzz', []],
  ])('search "%s" finds %j', (query, ids) => {
    expect(rows.filter((row) => matchesSearch(row, query)).map((row) => row.shift.id)).toEqual(ids);
  });

  it('filters by status and search together', () => {
    expect(filterTaxis(rows, '', 'live').map((row) => row.shift.id)).toEqual([1, 4]);
    expect(filterTaxis(rows, 'rosa', 'live').map((row) => row.shift.id)).toEqual([4]);
    expect(filterTaxis(rows, 'rosa', 'stale')).toEqual([]);
  });

  it('says how old the last position is', () => {
    expect(ageText(secondsAgo(0.4), NOW)).toBe('hace 0 s');
    expect(ageText(secondsAgo(59), NOW)).toBe('hace 59 s');
    expect(ageText(secondsAgo(61), NOW)).toBe('hace 1 min');
    expect(ageText(secondsAgo(7300), NOW)).toBe('hace 2 h');
    expect(ageText(null, NOW)).toBe('sin datos');
  });

  it('writes speed in km/h and heading as a compass point, when the phone sent them', () => {
    expect(motionText({ speed: 12, heading: 44 })).toBe('43 km/h · NE');
    expect(motionText({ speed: 0, heading: 359 })).toBe('0 km/h · N');
    expect(motionText({ heading: -90 })).toBe('O');
    expect(motionText({ speed: null, heading: null })).toBeNull();
    expect(motionText({})).toBeNull();
  });
});
