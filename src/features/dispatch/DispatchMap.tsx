/**
 * The dispatch map: a click picks the pickup; every taxi on shift is drawn at all times, coloured by
 * availability (the fleet, fed live by the app); the free taxis near the pickup are drawn over them
 * as every map draws taxis (TaxiLayer), each tagged with its rank and estimate above it, and the
 * pickup (PickupLayer) below its point so no tag is hidden. While the selected booking's taxi comes
 * to the pickup it carries "En camino · 4 min", shrinking as it moves. The camera fits them when
 * they change. A lazy chunk (MapLibre), like every map.
 *
 * The keyboard sets the pickup too: with the map focused a crosshair marks its centre, the arrow keys
 * move the map under it (MapLibre's own keyboard handler, 100 px a press; + and - zoom) and Enter or
 * Space sets the point under the crosshair.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { useAppSelector } from '../../app/hooks';
import { PickupLayer, type CandidateTag } from '../../components/map/PickupLayer';
import type { MapOverlay } from '../../components/map/mapOverlay';
import { TaxiLayer } from '../../components/map/TaxiLayer';
import { taxiLayerIds } from '../../components/map/taxiLayerStyles';
import { useTaxiIcons } from '../../components/map/useTaxiIcons';
import { selectColorScheme } from '../../components/theme/themeSlice';
import { boundsOf, type LngLat } from '../../lib/map/geometry';
import { MapShell } from '../../lib/map/MapShell';
import { applyTileColorScheme, useBaseMapStyle } from '../../lib/map/baseMapStyle';
import { taxiMarkers } from '../../lib/map/taxiFeatures';
import { etaText } from './distanceFormat';
import type { Candidate } from '../../../contract/api';
import type { PickupPoint } from './pickupOptions';
import type { EnRoute, FleetTaxi } from './fleetTaxis';
import { EnRouteTag } from './EnRouteTag';

/** About La Ligua, where the demo fleet drives. */
const DEFAULT_CENTER: LngLat = [-71.2264, -32.4519];
const CANDIDATES_SOURCE = 'dispatch-candidates';
const FLEET_SOURCE = 'dispatch-fleet';
const NO_FLEET: readonly FleetTaxi[] = [];

export default function DispatchMap({
  pickup,
  candidates,
  onPick,
  overlay,
  fleet = NO_FLEET,
  enRoute = null,
}: {
  pickup: PickupPoint | null;
  candidates: readonly Candidate[];
  /** Every taxi on shift with a position (the app feeds it from the live map's state). */
  fleet?: readonly FleetTaxi[];
  /** The selected booking's taxi on its way to the pickup. */
  enRoute?: EnRoute | null;
  onPick(latitude: number, longitude: number): void;
  /** Layers the app adds below the taxis (the zones). */
  overlay?: MapOverlay;
}) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useBaseMapStyle(tileUrl, tileAttribution);
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const icons = useTaxiIcons();
  // Free taxis (yellow, as Libre on the live map), numbered by the tags above them.
  const taxis = useMemo(() => taxiMarkers(candidates, (candidate) => [candidate.longitude, candidate.latitude], (_candidate, index) => ({ number: index + 1, stale: false, availability: 'libre' })), [candidates]);
  // The rest of the fleet under them, by availability (a candidate is drawn once, numbered).
  const others = useMemo(() => {
    const ranked = new Set(candidates.map((candidate) => candidate.shift_id));
    return taxiMarkers(
      fleet.filter((taxi) => !ranked.has(taxi.shiftId)),
      (taxi) => [taxi.longitude, taxi.latitude],
      (taxi, index) => ({ number: index + 1, stale: taxi.stale, ...(taxi.availability ? { availability: taxi.availability } : {}) }),
    );
  }, [fleet, candidates]);
  const tags = useMemo(
    () =>
      candidates.map(
        (candidate, index): CandidateTag => ({
          key: candidate.driver_id,
          longitude: candidate.longitude,
          latitude: candidate.latitude,
          rank: index + 1,
          eta: etaText(candidate.eta_s),
          title: `${candidate.driver_name} · ${candidate.plate_number ?? 'Sin vehículo'}`,
        }),
      ),
    [candidates],
  );

  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (ready && map) applyTileColorScheme(map, colorScheme);
  }, [ready, colorScheme]);

  // Fit the pickup and its candidates (a lone pickup is centred at street zoom); a taxi coming has the camera (below).
  const coming = enRoute !== null;
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!ready || !map || !pickup || coming) return;
    const bounds = boundsOf([[pickup.longitude, pickup.latitude], ...candidates.map((candidate): LngLat => [candidate.longitude, candidate.latitude])]);
    if (bounds && candidates.length) map.fitBounds(bounds, { padding: 60, maxZoom: 16, duration: 400 });
    else map.easeTo({ center: [pickup.longitude, pickup.latitude], zoom: Math.max(map.getZoom(), 15) });
  }, [ready, pickup, candidates, coming]);

  // Enter or Space on the map's canvas: the point under the crosshair (the centre) is the pickup.
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!ready || !map) return undefined;
    const canvas = map.getCanvas();
    const pickCentre = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      const centre = map.getCenter();
      onPick(centre.lat, centre.lng);
    };
    canvas.addEventListener('keydown', pickCentre);
    return () => canvas.removeEventListener('keydown', pickCentre);
  }, [ready, onPick]);

  // The taxi coming to the pickup stays in view with it: fitted when it first shows, and again only when it leaves the view.
  const fittedComing = useRef<number | null>(null);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!enRoute) fittedComing.current = null;
    if (!ready || !map || !pickup || !enRoute) return;
    const inView = map.getBounds().contains([enRoute.taxi.longitude, enRoute.taxi.latitude]);
    if (fittedComing.current === enRoute.taxi.shiftId && inView) return;
    fittedComing.current = enRoute.taxi.shiftId;
    const bounds = boundsOf([
      [pickup.longitude, pickup.latitude],
      [enRoute.taxi.longitude, enRoute.taxi.latitude],
    ]);
    if (bounds) map.fitBounds(bounds, { padding: 80, maxZoom: 16, duration: 400 });
  }, [ready, pickup, enRoute]);

  return (
    <div className="flota-dispatch-map">
      <MapShell
        title="Mapa con la recogida y los taxis libres"
        ref={mapRef}
        mapStyle={mapStyle}
        initialViewState={{ longitude: pickup?.longitude ?? DEFAULT_CENTER[0], latitude: pickup?.latitude ?? DEFAULT_CENTER[1], zoom: 14 }}
        cursor="crosshair"
        onLoad={(event) => {
          setReady(true);
          icons.load(event.target);
        }}
        onClick={(event: MapLayerMouseEvent) => onPick(event.lngLat.lat, event.lngLat.lng)}
      >
        {overlay?.(icons.ready ? taxiLayerIds(FLEET_SOURCE).taxis : undefined)}
        <TaxiLayer id={FLEET_SOURCE} data={others} iconsReady={icons.ready} label="none" />
        <TaxiLayer id={CANDIDATES_SOURCE} data={taxis} iconsReady={icons.ready} label="none" />
        <PickupLayer pickup={pickup} candidates={tags} />
        {enRoute && <EnRouteTag enRoute={enRoute} />}
      </MapShell>
      <div className="flota-dispatch-map__crosshair" aria-hidden="true" />
      <p className="flota-dispatch-map__keys">Flechas: mover · Enter: marcar la recogida</p>
    </div>
  );
}
