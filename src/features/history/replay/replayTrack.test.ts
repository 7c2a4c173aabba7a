/** The replay player's pure logic: where the taxi was at a time, the colour of a speed, the route in coloured pieces. */
import { replayOf } from './replayFixture';
import { indexAt, MAX_INTERPOLATION_MS, positionAt, speedColour, speedPieces, SPEED_BANDS, trackFromReplay, type ReplayTrack } from './replayTrack';

const START = Date.parse('2026-03-10T15:00:00.000Z');

function track(offsets: number[], speeds: number[], latitudes = offsets.map((_, i) => -32 + i * 0.001)): ReplayTrack {
  return trackFromReplay(replayOf(START, offsets, latitudes, offsets.map(() => -71), speeds)) as ReplayTrack;
}

describe('replay track', () => {
  it('an empty trail has no track', () => {
    expect(trackFromReplay(replayOf(START, [], [], [], []))).toBeNull();
  });

  it('decodes the answer’s steps back to the times and degrees sent (six decimals)', () => {
    const latitudes = [-32.451234, -32.451301, -32.450999];
    const decoded = trackFromReplay(replayOf(START, [0, 1000, 61_000], latitudes, [-71.234567, -71.2345, -71.2346], [0, 12.5, 30])) as ReplayTrack;
    expect(Array.from(decoded.times)).toEqual([START, START + 1000, START + 61_000]);
    decoded.latitudes.forEach((latitude, i) => expect(latitude).toBeCloseTo(latitudes[i], 9));
    expect(decoded.longitudes[0]).toBeCloseTo(-71.234567, 9);
    expect(Array.from(decoded.speeds)).toEqual([0, 12.5, 30]);
  });

  it('finds the last point at or before a time', () => {
    const times = track([0, 1000, 2000, 5000], [0, 0, 0, 0]).times;
    expect(indexAt(times, START - 1)).toBe(0);
    expect(indexAt(times, START + 1000)).toBe(1);
    expect(indexAt(times, START + 4999)).toBe(2);
    expect(indexAt(times, START + 99_999)).toBe(3);
  });

  it('interpolates between two close points and holds the last across a long gap', () => {
    const t = track([0, 10_000, 10_000 + MAX_INTERPOLATION_MS + 1], [20, 40, 0], [-32, -32.01, -33]);
    const halfway = positionAt(t, START + 5000);
    expect(halfway.latitude).toBeCloseTo(-32.005, 9);
    expect(halfway.speedKmh).toBeCloseTo(30, 5);
    expect(halfway.index).toBe(0);
    // A point exactly at the time is that point.
    expect(positionAt(t, START + 10_000)).toMatchObject({ latitude: -32.01, speedKmh: 40, index: 1 });
    // In the gap the taxi waits where it was last seen.
    expect(positionAt(t, START + 40_000)).toMatchObject({ latitude: -32.01, index: 1 });
    expect(positionAt(t, START + 10 * MAX_INTERPOLATION_MS)).toMatchObject({ latitude: -33, index: 2 });
  });

  it('colours a speed by its band', () => {
    expect(speedColour(0)).toBe(SPEED_BANDS[0].colour);
    expect(speedColour(4.9)).toBe(SPEED_BANDS[0].colour);
    expect(speedColour(5)).toBe(SPEED_BANDS[1].colour);
    expect(speedColour(49)).toBe(SPEED_BANDS[2].colour);
    expect(speedColour(65)).toBe(SPEED_BANDS[3].colour);
    expect(speedColour(130)).toBe(SPEED_BANDS[4].colour);
    expect(speedColour(Number.NaN)).toBe(SPEED_BANDS[0].colour);
  });

  it('cuts the route into single-colour pieces that meet, and breaks it at a long gap', () => {
    const t = track([0, 1000, 2000, 3000, 4000, 4000 + MAX_INTERPOLATION_MS + 1, 4000 + MAX_INTERPOLATION_MS + 2000], [10, 10, 60, 60, 10, 10, 10]);
    const pieces = speedPieces(t).features;
    expect(pieces.map((piece) => [piece.properties.colour, piece.geometry.coordinates.length])).toEqual([
      [speedColour(10), 3],
      [speedColour(60), 3],
      // The lone point before the gap draws nothing.
      [speedColour(10), 2],
    ]);
    // Each piece begins where the previous one ended.
    expect(pieces[1].geometry.coordinates[0]).toEqual(pieces[0].geometry.coordinates.at(-1));
    // The piece after the gap does not reach back across it.
    expect(pieces.at(-1)?.geometry.coordinates[0][1]).toBeCloseTo(-32 + 5 * 0.001, 9);
  });
});
