/**
 * The request page's map, loaded only when the passenger chooses "Marcar en el mapa" (its own
 * chunk: Leaflet is not downloaded by someone who uses their location or a saved place). A tap or
 * a click puts the pickup there; the marker can be dragged to correct it.
 */
import L from 'leaflet';
import { addWatchedBaseLayer, passengerMap, type MapPoint } from './tripMap';
import 'leaflet/dist/leaflet.css';

export function createPickMap(element: HTMLElement, tiles: { url: string; attribution: string }, start: MapPoint, onPick: (point: MapPoint) => void, onBaseMapFailed: (failed: boolean) => void) {
  const map = passengerMap(element).setView([start.latitude, start.longitude], 15);
  const watch = addWatchedBaseLayer(map, tiles, onBaseMapFailed);
  const icon = L.divIcon({ className: '', html: '<div class="pg-dot pg-dot-pickup" aria-hidden="true"></div>', iconSize: [18, 18] });
  let marker: L.Marker | null = null;
  const put = (latlng: L.LatLng) => {
    if (!marker) {
      marker = L.marker(latlng, { icon, draggable: true, title: 'Punto de recogida', keyboard: false }).addTo(map);
      marker.on('dragend', () => marker && onPick({ latitude: marker.getLatLng().lat, longitude: marker.getLatLng().lng }));
    } else marker.setLatLng(latlng);
    onPick({ latitude: latlng.lat, longitude: latlng.lng });
  };
  map.on('click', (event: L.LeafletMouseEvent) => put(event.latlng));
  return {
    /** The map's centre as the pickup (the keyboard's way: move the map, then press "Usar el centro del mapa"). */
    pickCenter(): void {
      put(map.getCenter());
    },
    remove(): void {
      watch.stop();
      map.remove();
    },
  };
}

export type PickMap = ReturnType<typeof createPickMap>;
