/**
 * The live map, composed of one small component per layer (as traccar-web composes MapPositions,
 * MapAccuracy, …; the layers live in components/map): OSM raster tiles, the fleet (a clustered
 * TaxiLayer), the selected taxi (a TaxiLayer of its own, never grouped) with its trail (TaxiTrail)
 * and popup (TaxiPopup); taxiGlide.ts feeds both taxi sources by diffs.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import type { GeoJSONSource, Popup as MapLibrePopup } from 'maplibre-gl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectColorScheme } from '../../../components/theme/themeSlice';
import { MapShell } from '../../../lib/map/MapShell';
import { usePageVisible } from '../../../hooks/usePageVisible';
import { applyTileColorScheme, useBaseMapStyle } from '../../../lib/map/baseMapStyle';
import { followStopped, followToggled, INITIAL_ZOOM, popupClosed, selectLiveMap, shiftSelected, trailToggled, type LngLat } from '../state/liveMapSlice';
import { initialCenter, positionsBounds, taxiPoints } from './mapGeo';
import { TaxiPopup } from './TaxiPopup';
import { TaxiTrail } from './TaxiTrail';
import { createTaxiLayer } from './taxiGlide';
import { screenPixels } from './glide';
import type { MapOverlay } from '../../../components/map/mapOverlay';
import { TaxiLayer } from '../../../components/map/TaxiLayer';
import { taxiLayerIds } from '../../../components/map/taxiLayerStyles';
import { useTaxiIcons } from '../../../components/map/useTaxiIcons';
import type { TaxiRow } from '../state/taxiRows';
import { useCameraSync } from './useCameraSync';

/** How long a taxi takes to glide to its new position: about the time between two updates. */
const GLIDE_MS = 1000;
/** The fleet is redrawn at most once a second (each taxi reports once a second); the selected taxi at once. */
const FLEET_REDRAW_MS = 1000;
/** The fleet's source (clustered) and the selected taxi's (drawn above the clusters, never grouped). */
const FLEET_SOURCE = 'taxis';
const SELECTED_SOURCE = 'taxi-selected';
const FLEET_LAYERS = taxiLayerIds(FLEET_SOURCE);

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface TaxiMapProps {
  rows: TaxiRow[];
  /** The live connection is down: no position is current. */
  offline: boolean;
  /** Layers the app adds below the taxis (the zones). */
  overlay?: MapOverlay;
}

export function TaxiMap({ rows, offline, overlay }: TaxiMapProps) {
  const dispatch = useAppDispatch();
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const view = useAppSelector(selectLiveMap);
  const mapRef = useRef<MapRef>(null);
  const popupRef = useRef<MapLibrePopup>(null);
  const followingRef = useRef(view.following);
  const [mapReady, setMapReady] = useState(false);
  const { ready: iconsReady, load: loadIcons } = useTaxiIcons();
  const [pointing, setPointing] = useState(false);

  const colorScheme = useAppSelector(selectColorScheme);
  // One style for the map's life: the theme dims the tiles in place (see applyTileColorScheme).
  const mapStyle = useBaseMapStyle(tileUrl, tileAttribution);
  // Reopened on a saved view: keep it. Otherwise the first driver's position, or La Ligua.
  const [initialViewState] = useState(() => {
    const [longitude, latitude] = view.center ?? initialCenter(rows);
    return { longitude, latitude, zoom: view.center ? view.zoom : INITIAL_ZOOM };
  });
  const bounds = useMemo(() => positionsBounds(rows), [rows]);
  const { onMoveEnd, followMoved } = useCameraSync(mapRef, mapReady, view, bounds);
  const points = useMemo(() => taxiPoints(rows, offline), [rows, offline]);
  const selected = rows.find((row) => row.shift.id === view.selectedShiftId);

  useEffect(() => {
    followingRef.current = view.following;
  }, [view.following]);

  // The taxi layer reads the map's sources when it sends them something; they exist once the map has
  // loaded. The refs are read in its callbacks, never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const [layer] = useState(() =>
    createTaxiLayer({
      fleetSource: () => mapRef.current?.getMap().getSource<GeoJSONSource>(FLEET_SOURCE),
      selectedSource: () => mapRef.current?.getMap().getSource<GeoJSONSource>(SELECTED_SOURCE),
      viewBounds: () => {
        const map = mapRef.current?.getMap();
        if (!map) return null;
        const { _sw, _ne } = map.getBounds();
        return [
          [_sw.lng, _sw.lat],
          [_ne.lng, _ne.lat],
        ];
      },
      // From the zoom, not map.project per taxi (two projections per moved taxi cost 5,000 taxis about 5 % of a core).
      screenDistance: (from: LngLat, to: LngLat) => {
        const map = mapRef.current?.getMap();
        return map ? screenPixels(from, to, map.getZoom()) : Infinity;
      },
      onSelectedDrawn: (position: LngLat | null) => {
        if (!position) return;
        popupRef.current?.setLngLat(position);
        if (followingRef.current) followMoved(position);
      },
      glideMs: prefersReducedMotion() ? 0 : GLIDE_MS,
      coalesceMs: FLEET_REDRAW_MS,
      // As a glide under 2 px jumps, a move under 2 px waits: a 50-px marker 2 px off is not seen.
      minMovePixels: 2,
    }),
  );
  useEffect(() => () => layer.dispose(), [layer]);

  // A hidden tab sends the map nothing (no diffs, no glides); shown again, the latest points land at once.
  const visible = usePageVisible();
  useEffect(() => {
    if (mapReady && visible) layer.update(points, view.selectedShiftId);
  }, [layer, mapReady, visible, points, view.selectedShiftId]);

  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (mapReady && map) applyTileColorScheme(map, colorScheme);
  }, [mapReady, colorScheme]);

  // "Seguir" switched on: centre the taxi now, not at its next update.
  useEffect(() => {
    const at = view.selectedShiftId === null ? null : layer.drawnPosition(view.selectedShiftId);
    if (view.following && at) followMoved(at);
  }, [layer, view.following, view.selectedShiftId, followMoved]);

  async function onClick(event: MapLayerMouseEvent) {
    const feature = event.features?.[0];
    const map = mapRef.current?.getMap();
    if (!feature || !map) return;
    if (feature.properties?.cluster_id !== undefined) {
      const clusterId = Number(feature.properties.cluster_id);
      const zoom = await map.getSource<GeoJSONSource>(FLEET_SOURCE)?.getClusterExpansionZoom(clusterId);
      const [longitude, latitude] = (feature.geometry as GeoJSON.Point).coordinates;
      if (zoom !== undefined) map.easeTo({ center: [longitude, latitude], zoom });
      return;
    }
    const shiftId: unknown = feature.properties?.shiftId;
    const row = rows.find((candidate) => candidate.shift.id === shiftId);
    if (row) dispatch(shiftSelected({ shiftId: row.shift.id, position: row.position }));
  }

  const popupAt = selected?.position && (layer.drawnPosition(selected.shift.id) ?? selected.position);

  return (
    <MapShell
      title="Mapa con los taxis de la flota"
      ref={mapRef}
      mapStyle={mapStyle}
      initialViewState={initialViewState}
      // Labels never collide (allow-overlap), so their 300 ms fade only cost a run of full repaints after every batch.
      fadeDuration={0}
      interactiveLayerIds={iconsReady ? [FLEET_LAYERS.clusters, FLEET_LAYERS.taxis, taxiLayerIds(SELECTED_SOURCE).taxis] : []}
      cursor={pointing ? 'pointer' : undefined}
      onLoad={(event) => {
        setMapReady(true);
        loadIcons(event.target);
      }}
      onMoveEnd={(event) => {
        layer.settle();
        onMoveEnd(event);
      }}
      onDragStart={() => {
        if (followingRef.current) dispatch(followStopped());
      }}
      onClick={(event) => void onClick(event)}
      onMouseEnter={() => setPointing(true)}
      onMouseLeave={() => setPointing(false)}
    >
      {overlay?.(iconsReady ? FLEET_LAYERS.clusters : undefined)}
      <TaxiLayer id={FLEET_SOURCE} iconsReady={iconsReady} cluster />
      <TaxiLayer id={SELECTED_SOURCE} iconsReady={iconsReady} selected />
      {selected && view.showTrail && <TaxiTrail shift={selected.shift} beforeId={iconsReady ? FLEET_LAYERS.clusters : undefined} />}
      {selected && popupAt && (
        <TaxiPopup
          ref={popupRef}
          row={selected}
          at={popupAt}
          offline={offline}
          showTrail={view.showTrail}
          following={view.following}
          onToggleTrail={() => dispatch(trailToggled())}
          onToggleFollow={() => dispatch(followToggled())}
          onClose={() => dispatch(popupClosed())}
        />
      )}
    </MapShell>
  );
}
