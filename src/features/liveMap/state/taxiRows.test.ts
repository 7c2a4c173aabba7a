import { makeShift } from '../../../testing/fixtures';
import { createTaxiRowsDescriber } from './taxiRows';

const NOW = Date.parse('2026-11-21T15:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('taxi rows across batches', () => {
  const first = makeShift({ id: 1, latitude: -32.4, longitude: -71.2, last_location_time: secondsAgo(5) });
  const second = makeShift({ id: 2, latitude: -32.5, longitude: -71.3, last_location_time: secondsAgo(100) });

  it('keeps the row of a taxi the batch did not change, and gives a new one to the taxi it moved', () => {
    const rowsOf = createTaxiRowsDescriber();
    const before = rowsOf([first, second], NOW, 120);
    const moved = { ...second, latitude: -32.51, last_location_time: secondsAgo(0) };
    const after = rowsOf([first, moved], NOW + 1000, 120);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1].position).toEqual([-71.3, -32.51]);
  });

  it('a row whose status changes with the clock alone (sin señal) is a new row', () => {
    const rowsOf = createTaxiRowsDescriber();
    const before = rowsOf([first, second], NOW, 120);
    const later = rowsOf([first, second], NOW + 30_000, 120);
    expect(later[0]).toBe(before[0]);
    expect(later[1]).not.toBe(before[1]);
    expect(later[1].stale).toBe(true);
  });
});
