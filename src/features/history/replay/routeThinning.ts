/**
 * The route thinned for its first frame: a 12-hour shift's 43,200 points cost MapLibre's worker
 * most of a second to index and cut into tiles (software WebGL, a shared CPU), yet at the zoom that
 * fits the whole shift most of them fall within a pixel of their neighbours. Douglas-Peucker with a
 * tolerance of half a pixel at that zoom keeps the line as it is drawn (4 px wide), each speed piece
 * with its colour and both ends, so pieces still meet. The full route replaces it once drawn.
 */
import { WORLD_PIXELS_AT_ZOOM_0 } from '../../../lib/map/geometry';
import type { SpeedPieces } from './replayTrack';

/**
 * Half a pixel, in degrees of longitude, at the zoom where `bounds` fit in a `width` × `height` map
 * with `padding` and at most `maxZoom` (as fitBounds places it). Latitudes are compared after
 * scaling by 1 / cos(latitude) (Mercator near the route), so one tolerance serves both axes.
 */
export function halfPixelDegrees(bounds: [[number, number], [number, number]], width: number, height: number, padding: number, maxZoom: number): number {
  const [[west, south], [east, north]] = bounds;
  const stretch = 1 / Math.cos((((south + north) / 2) * Math.PI) / 180);
  const degreesPerPixel = Math.max((east - west) / Math.max(1, width - 2 * padding), ((north - south) * stretch) / Math.max(1, height - 2 * padding));
  const smallest = 360 / (WORLD_PIXELS_AT_ZOOM_0 * 2 ** maxZoom);
  return Math.max(degreesPerPixel, smallest) / 2;
}

/** Indexes of the points Douglas-Peucker keeps (tolerance in degrees of longitude; `stretch` scales latitudes). */
function keptIndexes(line: ReadonlyArray<[number, number]>, tolerance: number, stretch: number): number[] {
  const keep = new Uint8Array(line.length);
  keep[0] = 1;
  keep[line.length - 1] = 1;
  const spans: Array<[number, number]> = [[0, line.length - 1]];
  const limit = tolerance * tolerance;
  while (spans.length > 0) {
    const [first, last] = spans.pop() as [number, number];
    const ax = line[first][0];
    const ay = line[first][1] * stretch;
    const dx = line[last][0] - ax;
    const dy = line[last][1] * stretch - ay;
    const length = dx * dx + dy * dy;
    let farthest = -1;
    let most = limit;
    for (let i = first + 1; i < last; i += 1) {
      const px = line[i][0] - ax;
      const py = line[i][1] * stretch - ay;
      // Squared distance to the segment (to its nearer end past either end).
      const along = length > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / length)) : 0;
      const ex = px - along * dx;
      const ey = py - along * dy;
      const distance = ex * ex + ey * ey;
      if (distance > most) {
        most = distance;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    spans.push([first, farthest], [farthest, last]);
  }
  const kept: number[] = [];
  keep.forEach((flag, i) => {
    if (flag) kept.push(i);
  });
  return kept;
}

/** Each piece thinned to the points that move the line by more than `tolerance` degrees. */
export function thinPieces(pieces: SpeedPieces, tolerance: number): SpeedPieces {
  return {
    type: 'FeatureCollection',
    features: pieces.features.map((piece) => {
      const line = piece.geometry.coordinates;
      const stretch = 1 / Math.cos((line[0][1] * Math.PI) / 180);
      const coordinates = keptIndexes(line, tolerance, stretch).map((i) => line[i]);
      return { ...piece, geometry: { type: 'LineString', coordinates } };
    }),
  };
}
