/**
 * The replay's map: the route coloured by speed, each stop with its duration, and the taxi where
 * it was at the player's time. The taxi follows the clock by itself (a DOM marker moved every
 * frame, no render); following, the camera recentres when the taxi nears the edge (followCamera.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { MapLibreEvent, StyleSpecification } from 'maplibre-gl';
import { Marker, type MapRef, type MarkerInstance } from 'react-map-gl/maplibre';
import type { Stop } from '../../../../contract/reports';
import { useAppSelector } from '../../../app/hooks';
import { TrailLayer } from '../../../components/map/TrailLayer';
import { selectColorScheme } from '../../../components/theme/themeSlice';
import { formatClockTime } from '../../../lib/clockTime';
import { MapShell } from '../../../lib/map/MapShell';
import { applyTileColorScheme, baseMapStyle, setBaseMapVisible, useBaseMapKind } from '../../../lib/map/baseMapStyle';
import { TILE_SOURCE_ID } from '../../../lib/map/rasterStyle';
import { nearEdge } from './followCamera';
import { formatStopDuration } from './replayFormat';
import { positionAt, speedPieces, type ReplayTrack } from './replayTrack';
import { placeStopLabels } from './stopLabels';
import { halfPixelDegrees, thinPieces } from './routeThinning';
import type { ReplayClock } from './useReplayClock';

interface Props {
  /** Null while the trail downloads: the map is made meanwhile, without tiles or route. */
  track: ReplayTrack | null;
  stops: Stop[];
  clock: Pick<ReplayClock, 'now' | 'subscribe'>;
  follow: boolean;
  /** Once, when a frame with the route (and the taxi) has been drawn. */
  onRouteDrawn?: () => void;
}

const ROUTE_SOURCE = 'replay-route';

/**
 * Tiles appear at once instead of fading in over 300 ms: each fading tile redraws the whole map
 * every frame, and in software WebGL those redraws held the route's first frame back. `hidden`
 * while the map waits for the trail.
 */
function withoutTileFade(style: StyleSpecification, hidden: boolean): StyleSpecification {
  return {
    ...style,
    layers: style.layers.map((layer) => {
      if (layer.type === 'background' || layer.source !== TILE_SOURCE_ID) return layer;
      const shown = { ...layer, layout: { ...layer.layout, visibility: hidden ? 'none' : 'visible' } } as typeof layer;
      return shown.type === 'raster' ? { ...shown, paint: { ...shown.paint, 'raster-fade-duration': 0 } } : shown;
    }),
  };
}

function trackBounds(track: ReplayTrack): [[number, number], [number, number]] {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < track.times.length; i += 1) {
    west = Math.min(west, track.longitudes[i]);
    east = Math.max(east, track.longitudes[i]);
    south = Math.min(south, track.latitudes[i]);
    north = Math.max(north, track.latitudes[i]);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** Where the map waits, its tiles hidden, while the trail downloads: La Ligua, the demo fleet's town. */
const WAITING_VIEW = { longitude: -71.2264, latitude: -32.4519, zoom: 12 };
const FIT_OPTIONS = { padding: 40, maxZoom: 16 } as const;

export default function ReplayMap({ track, stops, clock, follow, onRouteDrawn }: Props) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  // The style is set once; what changes after is changed in place (below). A new style would be
  // diffed against the map's, and the diff drops the route's source: MapLibre's worker would be
  // sent the 43,200-point route again. No tiles of a guessed place while the trail downloads: they
  // would be thrown away, and their drawing would compete with the route's first frame.
  // (An archive's kind, raster or vector, is read first: null until then.)
  const kind = useBaseMapKind(tileUrl);
  const [initial] = useState(() => ({ colorScheme, hidden: track === null }));
  const mapStyle = useMemo(() => kind && withoutTileFade(baseMapStyle(kind, tileUrl, tileAttribution, initial.colorScheme), initial.hidden), [kind, tileUrl, tileAttribution, initial]);
  const bounds = useMemo(() => (track ? trackBounds(track) : null), [track]);
  const [initialViewState] = useState(() => (bounds ? { bounds, fitBoundsOptions: FIT_OPTIONS } : WAITING_VIEW));
  const mapRef = useRef<MapRef>(null);
  // The style is there (its first 'styledata'): not the map's 'load', which waits for every
  // source, the route's too, and would hold the tiles back until the route is ready.
  const [styled, setStyled] = useState(false);
  // The canvas' size when styled: what the thinned route's tolerance depends on.
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  // The map made before the trail came (the usual case) is moved onto the route at once.
  const fitted = useRef(bounds !== null);
  useEffect(() => {
    const map = mapRef.current;
    if (!bounds || !map || fitted.current) return;
    fitted.current = true;
    map.fitBounds(bounds, { ...FIT_OPTIONS, duration: 0 });
  }, [bounds, styled]);
  const showTiles = track !== null;
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (styled && map) setBaseMapVisible(map, showTiles);
  }, [styled, showTiles]);
  useEffect(() => {
    if (styled && mapRef.current) applyTileColorScheme(mapRef.current.getMap(), colorScheme);
  }, [styled, colorScheme]);

  // The first 'styledata' renders at once (flushSync): the route's <Source> is added only once the
  // style is there, and a render left to React's scheduler came after the map's next frame, whose
  // software-WebGL readback held the main thread (and the route's message to the worker) 100-400 ms.
  const styledOnce = useRef(false);
  const onStyleData = useCallback((event: MapLibreEvent) => {
    if (styledOnce.current) return;
    styledOnce.current = true;
    const canvas = event.target.getCanvas();
    flushSync(() => {
      setSize({ width: canvas.clientWidth, height: canvas.clientHeight });
      setStyled(true);
    });
  }, []);

  const drawn = useRef(false);
  const [routeDrawn, setRouteDrawn] = useState(false);
  const onRender = useCallback(() => {
    const map = mapRef.current;
    if (drawn.current || !map?.getSource(ROUTE_SOURCE) || !map.isSourceLoaded(ROUTE_SOURCE)) return;
    drawn.current = true;
    setRouteDrawn(true);
    onRouteDrawn?.();
  }, [onRouteDrawn]);

  return (
    <MapShell ref={mapRef} title="Mapa de la reproducción" mapStyle={mapStyle} compactAttribution initialViewState={initialViewState} onStyleData={onStyleData} onRender={onRender}>
      {track && bounds && <ReplayRoute track={track} bounds={bounds} size={size} routeDrawn={routeDrawn} stops={stops} clock={clock} follow={follow} mapRef={mapRef} />}
    </MapShell>
  );
}

/** Which stops' labels are written out at the map's current camera (stopLabels.ts), again after every move. */
function useStopLabels(stops: Stop[], mapRef: RefObject<MapRef | null>): boolean[] {
  const [labelled, setLabelled] = useState<boolean[]>([]);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map) return undefined;
    const place = () => {
      const labels = stops.map((stop) => ({ ...map.project([stop.longitude, stop.latitude]), text: formatStopDuration(stop.duration_seconds), durationSeconds: stop.duration_seconds }));
      const next = placeStopLabels(labels);
      setLabelled((previous) => (previous.length === next.length && previous.every((shown, i) => shown === next[i]) ? previous : next));
    };
    place();
    map.on('moveend', place);
    return () => {
      map.off('moveend', place);
    };
  }, [stops, mapRef]);
  return labelled;
}

/** Once the thinned route is drawn, the full one replaces it when the map is next idle (or within this). */
const FULL_ROUTE_WITHIN_MS = 1000;

interface RouteProps extends Omit<Props, 'track' | 'onRouteDrawn'> {
  track: ReplayTrack;
  bounds: [[number, number], [number, number]];
  size: { width: number; height: number } | null;
  /** The thinned route has been drawn: time for the full one. */
  routeDrawn: boolean;
  mapRef: RefObject<MapRef | null>;
}

/** The route, its stops and the taxi, on the map once the trail is there. */
function ReplayRoute({ track, bounds, size, routeDrawn, stops, clock, follow, mapRef }: RouteProps) {
  const pieces = useMemo(() => speedPieces(track), [track]);
  // First the route thinned to what the fitted zoom shows (routeThinning.ts), then every point.
  const thinned = useMemo(
    () => (size ? thinPieces(pieces, halfPixelDegrees(bounds, size.width, size.height, FIT_OPTIONS.padding, FIT_OPTIONS.maxZoom)) : pieces),
    [pieces, bounds, size],
  );
  const [full, setFull] = useState(false);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!routeDrawn || !map) return undefined;
    const swap = () => setFull(true);
    map.once('idle', swap);
    const timer = setTimeout(swap, FULL_ROUTE_WITHIN_MS);
    return () => {
      map.off('idle', swap);
      clearTimeout(timer);
    };
  }, [routeDrawn, mapRef]);
  const markerRef = useRef<MarkerInstance>(null);
  const { now, subscribe } = clock;

  useEffect(() => {
    const show = (time: number) => {
      const position = positionAt(track, time);
      const lngLat: [number, number] = [position.longitude, position.latitude];
      markerRef.current?.setLngLat(lngLat);
      const map = mapRef.current;
      if (!follow || !map || map.isMoving()) return;
      const { x, y } = map.project(lngLat);
      const canvas = map.getCanvas();
      if (nearEdge(x, y, canvas.clientWidth, canvas.clientHeight)) map.jumpTo({ center: lngLat });
    };
    show(now());
    return subscribe(show);
  }, [track, follow, now, subscribe, mapRef]);

  const labelled = useStopLabels(stops, mapRef);

  // Where the taxi is at this render; between renders the clock moves it (above).
  const position = positionAt(track, now());
  return (
    <>
      <TrailLayer id={ROUTE_SOURCE} data={full ? pieces : thinned} colorProperty="colour" />
      {stops.map((stop, index) => (
        <Marker key={stop.start_time} longitude={stop.longitude} latitude={stop.latitude} anchor="bottom">
          <span className={`flota-replay-stop${labelled[index] === false ? ' flota-replay-stop--dot' : ''}`} title={`Detenido de ${formatClockTime(stop.start_time)} a ${formatClockTime(stop.end_time)}${stop.data_gap ? ' (sin datos)' : ''}`}>
            {formatStopDuration(stop.duration_seconds)}
          </span>
        </Marker>
      ))}
      <Marker ref={markerRef} longitude={position.longitude} latitude={position.latitude} anchor="center">
        <span className="flota-replay-taxi" aria-label="Taxi" role="img" />
      </Marker>
    </>
  );
}
