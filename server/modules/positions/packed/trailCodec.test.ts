/**
 * The packed format is exact: whatever doubles and microsecond times were stored come back
 * identical (raw doubles too, at a larger size), nulls stay where they were, and a steady 1 Hz
 * trail at 1e-6° costs a handful of bytes a point.
 */
import { decodeTrail, encodeTrail, type PackedPoint } from './trailCodec';

const start = Date.parse('2026-11-03T12:00:00Z') * 1000;

function track(count: number, pick: (i: number) => Partial<PackedPoint> = () => ({})): PackedPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    us: start + i * 1_000_000 + (i % 7) * 13_000,
    latitude: Math.round((-32.45 + i * 0.00009) * 1e6) / 1e6,
    longitude: Math.round((-71.23 + Math.sin(i / 50) * 0.001) * 1e6) / 1e6,
    speed: Math.round(8 + Math.sin(i / 9) * 300) / 100,
    heading: (i * 3) % 360,
    accuracy: 5 + (i % 4),
    battery: 80 - Math.floor(i / 600),
    ...pick(i),
  }));
}

it('gives back every field of every point exactly, and a steady trail packs small', () => {
  const points = track(3600);
  const bytes = encodeTrail(points);
  expect(decodeTrail(bytes)).toEqual(points);
  expect(bytes.length / points.length).toBeLessThan(10);
});

it('keeps raw doubles, microseconds, negative zero, nulls and a lone point exact', () => {
  const points = track(300, (i) => ({
    us: start + i * 999_999 + (i === 5 ? 1 : 0),
    latitude: -32.45 + Math.random() / 3,
    speed: i % 3 === 0 ? null : Math.random() * 30,
    heading: i === 4 ? -0 : null,
    accuracy: i < 150 ? null : 1e-12 * i,
    battery: i % 2 ? 55.5 : null,
  }));
  const back = decodeTrail(encodeTrail(points));
  expect(back).toEqual(points);
  expect(Object.is(back[4].heading, -0)).toBe(true);
  expect(decodeTrail(encodeTrail(points.slice(0, 1)))).toEqual(points.slice(0, 1));
  expect(decodeTrail(encodeTrail([]))).toEqual([]);
});

it('refuses a chunk cut short instead of inventing points', () => {
  const bytes = encodeTrail(track(100));
  expect(() => decodeTrail(bytes.slice(0, bytes.length - 3))).toThrow('truncated');
});
