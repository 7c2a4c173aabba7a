/** What the inbox says of an alert's position taken before or after the alert (an SOS's last known fix, the fix that followed it). */
import { makeAlert } from '../../testing/fakeAlerts';
import { localIso } from '../../testing/fixtures';
import { positionTimeText } from './positionTime';

const pressedAt = localIso(2026, 11, 27, 9, 24, 0);
const positionAt = (at: string) => makeAlert({ kind: 'sos', occurred_at: pressedAt, position: { latitude: -32.45, longitude: -71.25, speed_kmh: null, at } });

it.each([
  ['taken with the alert', pressedAt, null],
  ['a few seconds older (any fix is)', localIso(2026, 11, 27, 9, 23, 55), null],
  ['40 s older', localIso(2026, 11, 27, 9, 23, 20), 'Posición de las 09:23:20 (40 s antes)'],
  ['an hour and a quarter older', localIso(2026, 11, 27, 8, 9, 0), 'Posición de las 08:09:00 (1 h 15 min antes)'],
  ['a fix that followed three seconds later', localIso(2026, 11, 27, 9, 24, 3), 'Posición actualizada a las 09:24:03'],
  ['a fix that followed within the same second', new Date(Date.parse(pressedAt) + 300).toISOString(), 'Posición actualizada a las 09:24:00'],
])('a position %s', (_case, at, text) => {
  expect(positionTimeText(positionAt(at))).toBe(text);
});

it('says nothing of an alert without a position', () => {
  expect(positionTimeText(makeAlert({ position: null }))).toBeNull();
});
