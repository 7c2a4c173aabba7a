/**
 * The player: map, controls, speed chart and summary, kept in step by one clock. Its own chunk
 * (MapLibre and uPlot): ReplayPage asks for the trail first and loads this meanwhile. It is shown
 * before the trail arrives (`track` null): the map, its WebGL context, style and shaders are made
 * while the trail downloads, and the route is drawn on it when it comes.
 */
import { useState } from 'react';
import type { ShiftSummaryResponse } from '../../../../contract/reports';
import { LoadingText } from '../../../components/LoadingText';
import { useAppSelector } from '../../../app/hooks';
import { selectColorScheme } from '../../../components/theme/themeSlice';
import { loadMapLibre } from '../../../lib/map/maplibre';
import ReplayMap from './ReplayMap';
import { ReplayControls } from './ReplayControls';
import { ReplaySummary } from './ReplaySummary';
import type { ReplayTrack } from './replayTrack';
import SpeedChart from './SpeedChart';
import { useReplayClock } from './useReplayClock';

/** MapLibre's workers start while the trail downloads, not after (see ReplayPage). */
export function prewarmMap(): void {
  loadMapLibre().prewarm();
}

export default function ReplayPlayer({ track, summary }: { track: ReplayTrack | null; summary: ShiftSummaryResponse | undefined }) {
  const clock = useReplayClock(track);
  const [follow, setFollow] = useState(true);
  const [routeDrawn, setRouteDrawn] = useState(false);
  const colorScheme = useAppSelector(selectColorScheme);
  return (
    <div className="flota-replay__body">
      <div className="flota-replay__main">
        {/* Busy until the map has drawn the route: what a screen reader, a test and the bench wait for. */}
        <div className="flota-replay__map" aria-busy={!routeDrawn}>
          <ReplayMap track={track} stops={summary?.stops ?? []} clock={clock} follow={follow} onRouteDrawn={() => setRouteDrawn(true)} />
        </div>
        {track ? (
          <>
            <ReplayControls track={track} clock={clock} follow={follow} onFollowChange={setFollow} />
            <SpeedChart track={track} clock={clock} colorScheme={colorScheme} />
          </>
        ) : (
          <LoadingText>Cargando recorrido...</LoadingText>
        )}
      </div>
      {track && <ReplaySummary summary={summary} track={track} clock={clock} />}
    </div>
  );
}
