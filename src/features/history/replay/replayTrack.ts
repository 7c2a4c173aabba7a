/**
 * The replay player's pure logic: a shift's trail as typed arrays, where the taxi was at a time
 * (interpolated between two points, or held at the last one across a gap), the colour of a speed,
 * and the route cut into single-colour pieces for the map.
 */
import { decodeTrailSteps, type ShiftReplay } from '../../../../contract/replay';

export interface ReplayTrack {
  /** Epoch milliseconds, ascending. */
  times: Float64Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  speeds: Float32Array;
  start: number;
  end: number;
}

export interface TrackPosition {
  latitude: number;
  longitude: number;
  speedKmh: number;
  /** The last point at or before the time. */
  index: number;
}

/**
 * Two points further apart than this are not joined (no line, no glide: the taxi waits at the
 * first). The summary's rule for a data gap (over an hour counts as a stop): a phone that reports
 * every few minutes still draws its route.
 */
export const MAX_INTERPOLATION_MS = 3_600_000;

export function trackFromReplay(replay: ShiftReplay): ReplayTrack | null {
  const n = replay.time_steps_ms.length;
  if (n === 0 || replay.start_ms === null) return null;
  const { times, latitudes, longitudes } = decodeTrailSteps(replay);
  return {
    times,
    latitudes,
    longitudes,
    speeds: Float32Array.from(replay.speeds_kmh),
    start: times[0],
    end: times[n - 1],
  };
}

/** The index of the last point at or before `time` (0 before the first). Binary search: 43,200 points in 16 steps. */
export function indexAt(times: Float64Array, time: number): number {
  let low = 0;
  let high = times.length - 1;
  if (time >= times[high]) return high;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (times[middle] <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function positionAt(track: ReplayTrack, time: number): TrackPosition {
  const index = indexAt(track.times, time);
  const next = index + 1;
  const here = { latitude: track.latitudes[index], longitude: track.longitudes[index], speedKmh: track.speeds[index], index };
  if (next >= track.times.length || time <= track.times[index]) return here;
  const span = track.times[next] - track.times[index];
  if (span > MAX_INTERPOLATION_MS) return here;
  const share = (time - track.times[index]) / span;
  return {
    latitude: here.latitude + (track.latitudes[next] - here.latitude) * share,
    longitude: here.longitude + (track.longitudes[next] - here.longitude) * share,
    speedKmh: here.speedKmh + (track.speeds[next] - here.speedKmh) * share,
    index,
  };
}

/** The legend: the upper bound of each band (km/h) and its colour, slowest first. */
export const SPEED_BANDS: ReadonlyArray<{ below: number; colour: string; label: string }> = [
  { below: 5, colour: '#7b8794', label: 'Detenido (< 5 km/h)' },
  { below: 30, colour: '#2e9d5b', label: '5–30 km/h' },
  { below: 50, colour: '#2f6fde', label: '30–50 km/h' },
  { below: 70, colour: '#e08a00', label: '50–70 km/h' },
  { below: Infinity, colour: '#d6333a', label: '70 km/h o más' },
];

export function speedBand(speedKmh: number): number {
  return SPEED_BANDS.findIndex((band) => speedKmh < band.below);
}

export function speedColour(speedKmh: number): string {
  return SPEED_BANDS[speedBand(Number.isFinite(speedKmh) ? Math.max(0, speedKmh) : 0)].colour;
}

interface SpeedPiece {
  type: 'Feature';
  properties: { colour: string };
  geometry: { type: 'LineString'; coordinates: Array<[number, number]> };
}

export interface SpeedPieces {
  type: 'FeatureCollection';
  features: SpeedPiece[];
}

/**
 * The route as consecutive pieces of one speed band each (a 12-hour shift gives hundreds of
 * pieces, not 43,200 segments), each sharing its last point with the next so the line has no holes.
 * A gap longer than MAX_INTERPOLATION_MS breaks the line.
 */
export function speedPieces(track: ReplayTrack): SpeedPieces {
  const features: SpeedPiece[] = [];
  let piece: SpeedPiece | null = null;
  let band = -1;
  for (let i = 0; i < track.times.length; i += 1) {
    const point: [number, number] = [track.longitudes[i], track.latitudes[i]];
    const pointBand = speedBand(track.speeds[i]);
    const gap = i > 0 && track.times[i] - track.times[i - 1] > MAX_INTERPOLATION_MS;
    if (piece && !gap) {
      // The boundary point ends this piece and begins the next: no hole between colours.
      piece.geometry.coordinates.push(point);
      if (pointBand === band) continue;
    }
    piece = { type: 'Feature', properties: { colour: SPEED_BANDS[pointBand].colour }, geometry: { type: 'LineString', coordinates: [point] } };
    band = pointBand;
    features.push(piece);
  }
  return { type: 'FeatureCollection', features: features.filter((feature) => feature.geometry.coordinates.length > 1) };
}

/** Keeps a time inside the shift's trail. */
export function clampTime(track: ReplayTrack, time: number): number {
  return Math.min(track.end, Math.max(track.start, time));
}

/** The speeds the player offers (×). */
export const PLAYBACK_RATES = [1, 2, 5, 10, 30, 60] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/** How far an arrow key moves: 10 s, a minute with Shift. */
export function stepMs(shiftKey: boolean): number {
  return shiftKey ? 60_000 : 10_000;
}
