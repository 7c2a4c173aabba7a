/**
 * The small map: raster tiles from the app's own TILE_URL (config.json), or its PMTiles archive
 * (TILES_PMTILES, read with pmtiles' Leaflet layer), and two dots, the taxi and the pickup. Leaflet,
 * not MapLibre: about 40 KB compressed against MapLibre's ~440 KB, it draws raster tiles without
 * WebGL (a cheap phone's browser). It tells the page when no tile loads (baseMapWatch), so the page
 * can say so rather than show a grey box; a vector archive (which Leaflet cannot draw, and MapLibre
 * would cost the page its 120 KB budget) is said the same way, at once (issue 46).
 */
import L from 'leaflet';
import { leafletRasterLayer, PMTiles, TileType } from 'pmtiles';
import { watchBaseMap, type BaseMapWatch } from '../lib/map/baseMapWatch';
import { isPmtilesUrl, PMTILES_PREFIX, resolvePmtilesUrl } from '../lib/map/rasterStyle';
import 'leaflet/dist/leaflet.css';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

const dot = (kind: 'taxi' | 'pickup', label: string) =>
  L.marker([0, 0], { icon: L.divIcon({ className: '', html: `<div class="pg-dot pg-dot-${kind}" aria-hidden="true"></div>`, iconSize: kind === 'taxi' ? [24, 24] : [18, 18] }), title: label, keyboard: false });

/** The archive named by a `pmtiles://` tile URL, or null for a {z}/{x}/{y} URL. */
function archiveOf(url: string): PMTiles | null {
  return isPmtilesUrl(url) ? new PMTiles(resolvePmtilesUrl(url, document.baseURI).slice(PMTILES_PREFIX.length)) : null;
}

/** The app's raster base map (TILE_URL or its PMTiles archive). */
function baseLayer(tiles: { url: string; attribution: string }, archive: PMTiles | null): L.GridLayer {
  const options = { attribution: tiles.attribution, maxZoom: 19 };
  return archive ? (leafletRasterLayer(archive, options) as L.GridLayer) : L.tileLayer(tiles.url, options);
}

/** The base map on `map`, watched: `onBaseMapFailed(true)` while no tile loads ("Mapa base no disponible"). */
export function addWatchedBaseLayer(map: L.Map, tiles: { url: string; attribution: string }, onBaseMapFailed: (failed: boolean) => void): BaseMapWatch {
  const watch = watchBaseMap({ onChange: onBaseMapFailed });
  let stopped = false;
  const archive = archiveOf(tiles.url);
  const addLayer = () => {
    if (stopped) return;
    baseLayer(tiles, archive)
      .on('tileload', () => watch.loaded())
      .on('tileerror', () => watch.failed())
      .addTo(map);
  };
  if (!archive) addLayer();
  else {
    // An archive's header first: vector tiles are not images, and a raster layer over them would
    // stay a grey box that never says so.
    archive.getHeader().then(
      (header) => (header.tileType === TileType.Mvt ? watch.failed() : addLayer()),
      () => watch.failed(),
    );
  }
  watch.wanted();
  return {
    ...watch,
    stop() {
      stopped = true;
      watch.stop();
    },
  };
}

/** A Leaflet map whose controls speak Spanish (Acercar, Alejar) and credit the map's data, not the library. */
export function passengerMap(element: HTMLElement): L.Map {
  const map = L.map(element, { zoomControl: false, attributionControl: true, scrollWheelZoom: false });
  L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(map);
  map.attributionControl.setPrefix(false);
  return map;
}

export function createTripMap(element: HTMLElement, tiles: { url: string; attribution: string }, onBaseMapFailed: (failed: boolean) => void = () => undefined) {
  const map = passengerMap(element);
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
      // Framed again when the taxi appears or leaves, and when it drives out of view (issue 46): a
      // passenger who zoomed keeps their view while both stay in it.
      const frame = taxiAt ? 'both' : 'pickup';
      const both = taxiAt && L.latLngBounds([pickupAt.latitude, pickupAt.longitude], [taxiAt.latitude, taxiAt.longitude]);
      const outOfView = both && frame === framed && !map.getBounds().pad(-0.05).contains(both);
      if (frame === framed && !outOfView) return;
      framed = frame;
      if (both) map.fitBounds(both, { padding: [36, 36], maxZoom: 16 });
      else map.setView([pickupAt.latitude, pickupAt.longitude], 15);
    },
    remove(): void {
      watch.stop();
      map.remove();
    },
  };
}

export type TripMap = ReturnType<typeof createTripMap>;
