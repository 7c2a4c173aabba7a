import { placeStopLabels } from './stopLabels';

describe('placeStopLabels', () => {
  it('writes every label out when none would overlap', () => {
    expect(placeStopLabels([
      { x: 100, y: 100, text: '12 min', durationSeconds: 720 },
      { x: 300, y: 100, text: '5 min', durationSeconds: 300 },
      { x: 100, y: 160, text: '1 h 05 min', durationSeconds: 3900 },
    ])).toEqual([true, true, true]);
  });

  it('keeps the longest of overlapping stops and draws the others as dots', () => {
    expect(placeStopLabels([
      { x: 100, y: 100, text: '5 min', durationSeconds: 300 },
      { x: 110, y: 104, text: '1 h 05 min', durationSeconds: 3900 },
      { x: 130, y: 90, text: '12 min', durationSeconds: 720 },
      { x: 400, y: 100, text: '45 s', durationSeconds: 45 },
    ])).toEqual([false, true, false, true]);
  });

  it('lets two pills side by side stand when their boxes only nearly touch', () => {
    // "12 min" is about 61 px wide: centres 70 px apart leave a few pixels between them.
    expect(placeStopLabels([
      { x: 100, y: 100, text: '12 min', durationSeconds: 720 },
      { x: 170, y: 100, text: '12 min', durationSeconds: 700 },
    ])).toEqual([true, true]);
  });
});
