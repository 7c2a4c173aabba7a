/**
 * The group commit queue on its own: what a request waits for (its own flush's commit) and the rule
 * that lets flushes run side by side (never two with the same shift in flight).
 */
import type { StoredPoint } from './flushPoints';
import { GroupCommitQueue } from './groupCommit';

const point = (shiftId: number, second: number): StoredPoint => ({
  shiftId,
  latitude: -33.45,
  longitude: -70.66,
  time: new Date(Date.UTC(2026, 0, 1, 12, 0, second)),
  speed: null,
  heading: null,
  accuracy: null,
  battery: null,
});

/** A write that commits only when the test says so; records each flush's shifts. */
function manualWrites() {
  const flushes: { shifts: number[]; commit(): void }[] = [];
  const write = (points: StoredPoint[]) =>
    new Promise<void>((resolve) => flushes.push({ shifts: points.map((p) => p.shiftId), commit: resolve }));
  return { flushes, write };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
/** A commit's answers run as promise callbacks, and the next flush starts on the turn after. */
const settle = async () => {
  await nextTurn();
  await nextTurn();
};

describe('GroupCommitQueue', () => {
  it('answers a request only after its own flush commits, and gathers the same turn into one flush', async () => {
    const { flushes, write } = manualWrites();
    const queue = new GroupCommitQueue<void>({ write, onCommitted: () => undefined, maxPoints: 5000, concurrency: 1 });
    const answered: number[] = [];
    void queue.submit(1, [point(1, 1)]).then(() => answered.push(1));
    void queue.submit(2, [point(2, 1)]).then(() => answered.push(2));
    await nextTurn();
    expect(flushes.map((f) => f.shifts)).toEqual([[1, 2]]);
    void queue.submit(3, [point(3, 1)]).then(() => answered.push(3));
    await nextTurn();
    expect(flushes).toHaveLength(1); // one in flight at most: shift 3 waits for the next flush
    expect(answered).toEqual([]);
    flushes[0].commit();
    await settle();
    expect(answered).toEqual([1, 2]);
    expect(flushes.map((f) => f.shifts)).toEqual([[1, 2], [3]]);
    flushes[1].commit();
    await queue.drain();
    expect(answered).toEqual([1, 2, 3]);
  });

  it('sends what queued during a flush as soon as it commits, without waiting for the next turn', async () => {
    const { flushes, write } = manualWrites();
    const queue = new GroupCommitQueue<void>({ write, onCommitted: () => undefined, maxPoints: 5000, concurrency: 1 });
    void queue.submit(1, [point(1, 1)]);
    await nextTurn();
    void queue.submit(2, [point(2, 1)]);
    void queue.submit(3, [point(3, 1)]);
    flushes[0].commit();
    for (let i = 0; i < 10; i++) await Promise.resolve(); // promise callbacks only: no new turn of the loop
    expect(flushes.map((f) => f.shifts)).toEqual([[1], [2, 3]]);
    flushes[1].commit();
    await queue.drain();
  });

  it('runs flushes side by side but never two with the same shift, so a shift is written in order', async () => {
    const { flushes, write } = manualWrites();
    const queue = new GroupCommitQueue<void>({ write, onCommitted: () => undefined, maxPoints: 5000, concurrency: 3 });
    void queue.submit(1, [point(1, 1)]);
    await nextTurn();
    void queue.submit(1, [point(1, 2)]);
    void queue.submit(2, [point(2, 1)]);
    await nextTurn();
    // Shift 2 goes at once beside the first flush; shift 1's second point waits for its first.
    expect(flushes.map((f) => f.shifts)).toEqual([[1], [2]]);
    flushes[1].commit();
    await settle();
    expect(flushes).toHaveLength(2);
    flushes[0].commit();
    await settle();
    expect(flushes.map((f) => f.shifts)).toEqual([[1], [2], [1]]);
    flushes[2].commit();
    await queue.drain();
  });
});
