/**
 * The replay's map: the route coloured by speed, each stop with its duration, and the taxi where
 * it was at the player's time. The taxi follows the clock by itself (a DOM marker moved every
 * frame, no render); following, the camera recentres when the taxi nears the edge (followCamera.ts).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { Layer, Marker, Source, type MapRef, type MarkerInstance } from 'react-map-gl/maplibre';
import type { Stop } from '../../../../contract/reports';
import { useAppSelector } from '../../../app/hooks';
import { selectColorScheme } from '../../../components/theme/themeSlice';
import { formatClockTime } from '../../../lib/clockTime';
import { MapShell } from '../../../lib/map/MapShell';
import { rasterStyle } from '../../../lib/map/rasterStyle';
import { nearEdge } from './followCamera';
import { formatStopDuration } from './replayFormat';
import { positionAt, speedPieces, type ReplayTrack } from './replayTrack';
import type { ReplayClock } from './useReplayClock';

interface Props {
  track: ReplayTrack;
  stops: Stop[];
  clock: Pick<ReplayClock, 'now' | 'subscribe'>;
  follow: boolean;
  /** Once, when a frame with the route (and the taxi) has been drawn. */
  onRouteDrawn?: () => void;
}

const ROUTE_SOURCE = 'replay-route';

/**
 * Tiles appear at once instead of fading in over 300 ms: each fading tile redraws the whole map
 * every frame, and in software WebGL those redraws held the route's first frame back.
 */
function withoutTileFade(style: StyleSpecification): StyleSpecification {
  return { ...style, layers: style.layers.map((layer) => (layer.type === 'raster' ? { ...layer, paint: { ...layer.paint, 'raster-fade-duration': 0 } } : layer)) };
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

export default function ReplayMap({ track, stops, clock, follow, onRouteDrawn }: Props) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useMemo(() => withoutTileFade(rasterStyle(tileUrl, tileAttribution, colorScheme)), [tileUrl, tileAttribution, colorScheme]);
  const pieces = useMemo(() => speedPieces(track), [track]);
  const bounds = useMemo(() => trackBounds(track), [track]);
  const mapRef = useRef<MapRef>(null);
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
  }, [track, follow, now, subscribe]);

  const drawn = useRef(false);
  const onRender = useCallback(() => {
    const map = mapRef.current;
    if (drawn.current || !map?.getSource(ROUTE_SOURCE) || !map.isSourceLoaded(ROUTE_SOURCE)) return;
    drawn.current = true;
    onRouteDrawn?.();
  }, [onRouteDrawn]);

  // Where the taxi is at this render; between renders the clock moves it (above).
  const position = positionAt(track, now());
  return (
    <MapShell ref={mapRef} mapStyle={mapStyle} compactAttribution initialViewState={{ bounds, fitBoundsOptions: { padding: 40, maxZoom: 16 } }} onRender={onRender}>
      <Source id={ROUTE_SOURCE} type="geojson" data={pieces}>
        <Layer id="replay-route-line" type="line" layout={{ 'line-join': 'round', 'line-cap': 'round' }} paint={{ 'line-color': ['get', 'colour'], 'line-width': 4 }} />
      </Source>
      {stops.map((stop) => (
        <Marker key={stop.start_time} longitude={stop.longitude} latitude={stop.latitude} anchor="bottom">
          <span className="flota-replay-stop" title={`Detenido de ${formatClockTime(stop.start_time)} a ${formatClockTime(stop.end_time)}${stop.data_gap ? ' (sin datos)' : ''}`}>
            {formatStopDuration(stop.duration_seconds)}
          </span>
        </Marker>
      ))}
      <Marker ref={markerRef} longitude={position.longitude} latitude={position.latitude} anchor="center">
        <span className="flota-replay-taxi" aria-label="Taxi" role="img" />
      </Marker>
    </MapShell>
  );
}
