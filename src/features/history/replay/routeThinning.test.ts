/** The route thinned for its first frame: what the fitted zoom shows, nothing it would not. */
import { halfPixelDegrees, thinPieces } from './routeThinning';
import type { SpeedPieces } from './replayTrack';

function piece(colour: string, coordinates: Array<[number, number]>): SpeedPieces['features'][number] {
  return { type: 'Feature', properties: { colour }, geometry: { type: 'LineString', coordinates } };
}

describe('route thinning', () => {
  it('half a pixel at the zoom that fits the route, never below the map’s largest zoom', () => {
    // 0.1° of longitude across 1000 − 2×40 px: about 0.0001° a pixel.
    expect(halfPixelDegrees([[-71.3, -32.5], [-71.2, -32.49]], 1000, 600, 40, 16)).toBeCloseTo(0.1 / 920 / 2, 8);
    // A taxi that never moved: the tolerance of zoom 16, not zero.
    expect(halfPixelDegrees([[-71.3, -32.5], [-71.3, -32.5]], 1000, 600, 40, 16)).toBeCloseTo(360 / (512 * 2 ** 16) / 2, 10);
  });

  it('drops the points a straight stretch does not need, keeps corners, both ends and each piece’s colour', () => {
    const straight: Array<[number, number]> = Array.from({ length: 1000 }, (_, i) => [-71.3 + i * 0.0001, -32.5]);
    const corner: Array<[number, number]> = [[-71.2001, -32.5], [-71.2, -32.5], [-71.2, -32.49], [-71.2, -32.48]];
    const thinned = thinPieces({ type: 'FeatureCollection', features: [piece('#2e9d5b', straight), piece('#d6333a', corner)] }, 0.00005);
    expect(thinned.features.map((feature) => feature.properties.colour)).toEqual(['#2e9d5b', '#d6333a']);
    expect(thinned.features[0].geometry.coordinates).toEqual([straight[0], straight[999]]);
    expect(thinned.features[1].geometry.coordinates).toEqual([corner[0], corner[1], corner[3]]);
  });

  it('keeps a detour wider than the tolerance and drops a wobble narrower than it', () => {
    const line: Array<[number, number]> = [[-71.3, -32.5], [-71.29, -32.5 + 0.00001], [-71.28, -32.5], [-71.27, -32.5 + 0.001], [-71.26, -32.5]];
    const thinned = thinPieces({ type: 'FeatureCollection', features: [piece('#2f6fde', line)] }, 0.0001);
    expect(thinned.features[0].geometry.coordinates).toEqual([line[0], line[2], line[3], line[4]]);
  });
});
