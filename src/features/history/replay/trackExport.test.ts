/** GPX and KML of a shift's track: every point with its UTC time, a new segment across a gap the map does not join, names escaped. */
import { trackGpx, trackKml, trackSegments } from './trackExport';
import type { ReplayTrack } from './replayTrack';

const start = Date.parse('2026-11-27T12:00:00Z');
// Three points a minute apart, then one two hours later (a gap over an hour: not joined).
const times = [start, start + 60_000, start + 120_000, start + 7_320_000];
const track: ReplayTrack = {
  times: Float64Array.from(times),
  latitudes: Float64Array.from([-32.45, -32.451, -32.452, -32.46]),
  longitudes: Float64Array.from([-71.27, -71.271, -71.272, -71.28]),
  speeds: Float32Array.from([0, 30, 40, 0]),
  start: times[0],
  end: times[3],
};

it('cuts the track where the map leaves a gap', () => {
  expect(trackSegments(track)).toEqual([
    [0, 3],
    [3, 4],
  ]);
});

it('writes GPX 1.1 a GPS tool reads: segments, points with lat/lon and time, the name escaped', () => {
  const doc = new DOMParser().parseFromString(trackGpx(track, { name: 'Turno 7 · AB1234 · Ana & Beto' }), 'text/xml');
  const segments = doc.getElementsByTagName('trkseg');
  expect(segments.length).toBe(2);
  const points = doc.getElementsByTagName('trkpt');
  expect(points.length).toBe(4);
  expect([points[0].getAttribute('lat'), points[0].getAttribute('lon'), points[0].getElementsByTagName('time')[0].textContent]).toEqual(['-32.450000', '-71.270000', '2026-11-27T12:00:00Z']);
  expect(doc.getElementsByTagName('name')[0].textContent).toBe('Turno 7 · AB1234 · Ana & Beto');
});

it('writes KML with gx:Track: a time and a coordinate (longitude first) per point', () => {
  const doc = new DOMParser().parseFromString(trackKml(track, { name: 'Turno 7' }), 'text/xml');
  const tracks = doc.getElementsByTagName('gx:Track');
  expect(tracks.length).toBe(2);
  expect(tracks[0].getElementsByTagName('when').length).toBe(3);
  expect(tracks[1].getElementsByTagName('gx:coord')[0].textContent).toBe('-71.280000 -32.460000 0');
  expect(tracks[1].getElementsByTagName('when')[0].textContent).toBe('2026-11-27T14:02:00Z');
});
