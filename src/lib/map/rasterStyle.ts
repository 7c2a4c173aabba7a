/** A MapLibre style with one raster layer of OpenStreetMap-style tiles, from the runtime tile URL. */
import type { StyleSpecification } from 'maplibre-gl';

export function rasterStyle(tileUrl: string, attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      osm: {
        type: 'raster',
        // {s} subdomains are not part of the XYZ template MapLibre understands; OSM no longer needs them.
        tiles: [tileUrl.replace('{s}.', '')],
        tileSize: 256,
        maxzoom: 19,
        attribution,
      },
    },
    layers: [{ id: 'osm', type: 'raster', source: 'osm' }],
  };
}
