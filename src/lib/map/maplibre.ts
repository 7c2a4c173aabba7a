/**
 * The one place that loads MapLibre. Webpack emits MapLibre's worker as a file (see
 * webpack.config.ts) and we tell MapLibre where it is: left alone, it would derive a file:// URL
 * and GeoJSON sources would silently break. The `pmtiles://` protocol is added here too, once: a
 * PMTiles archive (TILES_PMTILES) is read with HTTP Range requests to Flota's own origin.
 */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs';
import 'maplibre-gl/dist/maplibre-gl.css';
import { pmtilesProtocol } from './pmtilesArchives';

let configured = false;

export function loadMapLibre(): typeof maplibregl {
  if (!configured) {
    maplibregl.setWorkerUrl(new URL(workerUrl, document.baseURI).href);
    maplibregl.addProtocol('pmtiles', pmtilesProtocol.tile);
    configured = true;
  }
  return maplibregl;
}
