import { MAX_LOCATION_BATCH } from '../../../contract/api';
import { prefixedStorage } from '../../lib/storage';
import { pendingPositions, positionFromFix, type PendingPosition } from './pendingPositions';

const at = (seconds: number, latitude = -32.45): PendingPosition => ({ latitude, longitude: -71.25, timestamp: new Date(Date.UTC(2026, 10, 22, 15, 0, seconds)).toISOString() });

describe('pending positions', () => {
  it('keeps one fix every 5 seconds, oldest first, and forgets them only once sent', () => {
    const queue = pendingPositions(prefixedStorage('t'));
    expect([0, 2, 5, 9, 10].map((s) => queue.add(at(s)))).toEqual([true, false, true, false, true]);
    expect(queue.nextBatch().map((p) => p.timestamp.slice(17, 19))).toEqual(['00', '05', '10']);
    queue.sent(2);
    expect(queue.nextBatch()).toEqual([at(10)]);
  });

  it('survives a reload (localStorage) and sends in batches of at most 500', () => {
    const first = pendingPositions(prefixedStorage('t'));
    for (let i = 0; i < MAX_LOCATION_BATCH + 20; i += 1) first.add(at(i * 5));
    const reloaded = pendingPositions(prefixedStorage('t'));
    expect(reloaded.size()).toBe(MAX_LOCATION_BATCH + 20);
    expect(reloaded.nextBatch()).toHaveLength(MAX_LOCATION_BATCH);
    reloaded.sent(MAX_LOCATION_BATCH);
    expect(pendingPositions(prefixedStorage('t')).nextBatch()).toEqual([...Array(20).keys()].map((i) => at((MAX_LOCATION_BATCH + i) * 5)));
  });

  it('knows the newest fix the GPS gave, kept or not, sent or not: what an SOS carries the moment it fires', () => {
    const queue = pendingPositions(prefixedStorage('t'));
    expect(queue.latest()).toBeNull();
    queue.add(at(0));
    queue.add(at(2, -32.46));
    expect(queue.latest()).toEqual(at(2, -32.46));
    queue.sent(1);
    // A fix the phone hands over late (older than the newest) is not the newest.
    queue.add(at(1, -32.47));
    expect(queue.latest()).toEqual(at(2, -32.46));
    queue.clear();
    expect(queue.latest()).toBeNull();
  });

  it('turns a browser fix into a point, leaving unknown speed and heading out', () => {
    const fix = { timestamp: Date.UTC(2026, 10, 22, 15), coords: { latitude: -32.4, longitude: -71.2, accuracy: 12, speed: null, heading: NaN } } as unknown as GeolocationPosition;
    expect(positionFromFix(fix)).toEqual({ latitude: -32.4, longitude: -71.2, timestamp: '2026-11-22T15:00:00.000Z', accuracy: 12, speed: undefined, heading: undefined });
  });
});
