import { speedOf } from './taxiState';

const last = { lat: -32.45, lng: -71.25, time: '2026-11-27T12:00:00.000Z' };
const at = (seconds: number, lng: number, speedKmh: number | null = null) => ({ lat: -32.45, lng, time: new Date(Date.parse(last.time) + seconds * 1000), speedKmh });

describe('speedOf (what speeding is judged on)', () => {
  it("takes the device's speed when it gives one", () => {
    expect(speedOf(at(10, -71.27, 130), last as never)).toBe(130);
  });

  it('implies it from the previous fix: 470 m in 60 s is about 28 km/h', () => {
    expect(speedOf(at(60, -71.255), last as never)).toBeCloseTo(28.2, 0);
  });

  it('a jump a taxi cannot make (1.9 km in 10 s) is a GPS jump, not speeding', () => {
    expect(speedOf(at(10, -71.27), last as never)).toBeNull();
  });

  it('says nothing without a recent previous fix', () => {
    expect(speedOf(at(10, -71.27), null)).toBeNull();
    expect(speedOf(at(600, -71.27), last as never)).toBeNull();
  });
});
