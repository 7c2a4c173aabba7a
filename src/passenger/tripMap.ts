/**
 * The small map: raster tiles from the app's own TILE_URL (config.json), or its PMTiles archive
 * (TILES_PMTILES, read with pmtiles' Leaflet layer), and two dots, the taxi and the pickup. Leaflet,
 * not MapLibre: about 40 KB compressed against MapLibre's ~440 KB, it draws raster tiles without
 * WebGL (a cheap phone's browser), and the page needs nothing vector. It tells the page when no
 * tile loads (baseMapWatch), so the page can say so rather than show a grey box.
 */
import L from 'leaflet';
import { leafletRasterLayer, PMTiles } from 'pmtiles';
import { watchBaseMap } from '../lib/map/baseMapWatch';
import { isPmtilesUrl, PMTILES_PREFIX, resolvePmtilesUrl } from '../lib/map/rasterStyle';
import 'leaflet/dist/leaflet.css';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

const dot = (kind: 'taxi' | 'pickup', label: string) =>
  L.marker([0, 0], { icon: L.divIcon({ className: '', html: `<div class="pg-dot pg-dot-${kind}" aria-hidden="true"></div>`, iconSize: kind === 'taxi' ? [24, 24] : [18, 18] }), title: label, keyboard: false });

/** The app's raster base map (TILE_URL or its PMTiles archive); the request page's map uses it too. */
export function baseLayer(tiles: { url: string; attribution: string }): L.GridLayer {
  const options = { attribution: tiles.attribution, maxZoom: 19 };
  if (!isPmtilesUrl(tiles.url)) return L.tileLayer(tiles.url, options);
  const archive = resolvePmtilesUrl(tiles.url, document.baseURI).slice(PMTILES_PREFIX.length);
  return leafletRasterLayer(new PMTiles(archive), options) as L.GridLayer;
}

/** The base map on `map`, watched: `onBaseMapFailed(true)` while no tile loads ("Mapa base no disponible"). */
export function addWatchedBaseLayer(map: L.Map, tiles: { url: string; attribution: string }, onBaseMapFailed: (failed: boolean) => void) {
  const watch = watchBaseMap({ onChange: onBaseMapFailed });
  baseLayer(tiles)
    .on('tileload', () => watch.loaded())
    .on('tileerror', () => watch.failed())
    .addTo(map);
  watch.wanted();
  return watch;
}

export function createTripMap(element: HTMLElement, tiles: { url: string; attribution: string }, onBaseMapFailed: (failed: boolean) => void = () => undefined) {
  const map = L.map(element, { zoomControl: true, attributionControl: true, scrollWheelZoom: false });
  const watch = addWatchedBaseLayer(map, tiles, onBaseMapFailed);
  const pickup = dot('pickup', 'Punto de recogida').addTo(map);
  const taxi = dot('taxi', 'Su taxi');
  let framed = '';

  return {
    show(pickupAt: MapPoint, taxiAt: MapPoint | null): void {
      pickup.setLatLng([pickupAt.latitude, pickupAt.longitude]);
      if (taxiAt) {
        taxi.setLatLng([taxiAt.latitude, taxiAt.longitude]);
        if (!map.hasLayer(taxi)) taxi.addTo(map);
      } else if (map.hasLayer(taxi)) {
        taxi.remove();
      }
      // Framed again only when the taxi appears or leaves: a passenger who zoomed keeps their view.
      const frame = taxiAt ? 'both' : 'pickup';
      if (frame === framed) return;
      framed = frame;
      if (taxiAt) map.fitBounds(L.latLngBounds([pickupAt.latitude, pickupAt.longitude], [taxiAt.latitude, taxiAt.longitude]), { padding: [36, 36], maxZoom: 16 });
      else map.setView([pickupAt.latitude, pickupAt.longitude], 15);
    },
    remove(): void {
      watch.stop();
      map.remove();
    },
  };
}

export type TripMap = ReturnType<typeof createTripMap>;
