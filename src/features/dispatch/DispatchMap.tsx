/**
 * The dispatch map: a click picks the pickup; the pickup and the free taxis near it, numbered by
 * rank with their estimate, are DOM markers (a handful, never the fleet: the live map draws that). The camera fits
 * them when they change. A lazy chunk (MapLibre), like every map.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Marker, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { useAppSelector } from '../../app/hooks';
import { selectColorScheme } from '../../components/theme/themeSlice';
import { boundsOf, type LngLat } from '../../lib/map/geometry';
import { MapShell } from '../../lib/map/MapShell';
import { applyTileColorScheme, rasterStyle } from '../../lib/map/rasterStyle';
import { etaText } from './distanceFormat';
import type { Candidate } from '../../../contract/api';
import type { PickupPoint } from './pickupOptions';

/** About La Ligua, where the demo fleet drives. */
const DEFAULT_CENTER: LngLat = [-71.2264, -32.4519];

export default function DispatchMap({ pickup, candidates, onPick }: { pickup: PickupPoint | null; candidates: readonly Candidate[]; onPick(latitude: number, longitude: number): void }) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useMemo(() => rasterStyle(tileUrl, tileAttribution), [tileUrl, tileAttribution]);
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (ready && map) applyTileColorScheme(map, colorScheme);
  }, [ready, colorScheme]);

  // Fit the pickup and its candidates (a lone pickup is centred at street zoom).
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!ready || !map || !pickup) return;
    const bounds = boundsOf([[pickup.longitude, pickup.latitude], ...candidates.map((candidate): LngLat => [candidate.longitude, candidate.latitude])]);
    if (bounds && candidates.length) map.fitBounds(bounds, { padding: 60, maxZoom: 16, duration: 400 });
    else map.easeTo({ center: [pickup.longitude, pickup.latitude], zoom: Math.max(map.getZoom(), 15) });
  }, [ready, pickup, candidates]);

  return (
    <MapShell
      ref={mapRef}
      mapStyle={mapStyle}
      initialViewState={{ longitude: pickup?.longitude ?? DEFAULT_CENTER[0], latitude: pickup?.latitude ?? DEFAULT_CENTER[1], zoom: 14 }}
      cursor="crosshair"
      onLoad={() => setReady(true)}
      onClick={(event: MapLayerMouseEvent) => onPick(event.lngLat.lat, event.lngLat.lng)}
    >
      {candidates.map((candidate, index) => (
        <Marker key={candidate.driver_id} longitude={candidate.longitude} latitude={candidate.latitude} anchor="center">
          <span className="flota-candidate-pin" title={`${candidate.driver_name} · ${candidate.plate_number ?? 'Sin vehículo'}`}>
            <span className="flota-candidate-pin__rank">{index + 1}</span>
            <span className="flota-candidate-pin__eta">{etaText(candidate.eta_s)}</span>
          </span>
        </Marker>
      ))}
      {pickup && (
        // Above the candidates whatever order they were added in: a taxi next to the pickup must not hide it.
        <Marker longitude={pickup.longitude} latitude={pickup.latitude} anchor="bottom" style={{ zIndex: 1 }}>
          <span className="flota-pickup-pin" title={pickup.label}>
            Recogida
          </span>
        </Marker>
      )}
    </MapShell>
  );
}
