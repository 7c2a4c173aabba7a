/**
 * The replay's map: the route coloured by speed, each stop with its duration, and the taxi where
 * it was at the player's time. Following, the map keeps the taxi in its centre.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Layer, Marker, Source, type MapRef } from 'react-map-gl/maplibre';
import type { Stop } from '../../../../contract/reports';
import { useAppSelector } from '../../../app/hooks';
import { selectColorScheme } from '../../../components/theme/themeSlice';
import { formatClockTime } from '../../../lib/clockTime';
import { MapShell } from '../../../lib/map/MapShell';
import { rasterStyle } from '../../../lib/map/rasterStyle';
import { formatStopDuration } from './replayFormat';
import { speedPieces, type ReplayTrack, type TrackPosition } from './replayTrack';

interface Props {
  track: ReplayTrack;
  stops: Stop[];
  position: TrackPosition;
  follow: boolean;
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

export default function ReplayMap({ track, stops, position, follow }: Props) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useMemo(() => rasterStyle(tileUrl, tileAttribution, colorScheme), [tileUrl, tileAttribution, colorScheme]);
  const pieces = useMemo(() => speedPieces(track), [track]);
  const bounds = useMemo(() => trackBounds(track), [track]);
  const mapRef = useRef<MapRef>(null);

  useEffect(() => {
    if (follow) mapRef.current?.jumpTo({ center: [position.longitude, position.latitude] });
  }, [follow, position.latitude, position.longitude]);

  return (
    <MapShell ref={mapRef} mapStyle={mapStyle} compactAttribution initialViewState={{ bounds, fitBoundsOptions: { padding: 40, maxZoom: 16 } }}>
      <Source id="replay-route" type="geojson" data={pieces}>
        <Layer id="replay-route-line" type="line" layout={{ 'line-join': 'round', 'line-cap': 'round' }} paint={{ 'line-color': ['get', 'colour'], 'line-width': 4 }} />
      </Source>
      {stops.map((stop) => (
        <Marker key={stop.start_time} longitude={stop.longitude} latitude={stop.latitude} anchor="bottom">
          <span className="flota-replay-stop" title={`Detenido de ${formatClockTime(stop.start_time)} a ${formatClockTime(stop.end_time)}${stop.data_gap ? ' (sin datos)' : ''}`}>
            {formatStopDuration(stop.duration_seconds)}
          </span>
        </Marker>
      ))}
      <Marker longitude={position.longitude} latitude={position.latitude} anchor="center">
        <span className="flota-replay-taxi" aria-label="Taxi" role="img" />
      </Marker>
    </MapShell>
  );
}
