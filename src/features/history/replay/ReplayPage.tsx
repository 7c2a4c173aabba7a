/**
 * Reproducción de un turno (/dashboard/history/:shiftId/replay): the route coloured by speed with
 * its stops, the taxi moving along it at 1× to 60×, a time slider, a speed chart kept in step
 * (click to jump) and the shift's summary beside it. A route of its own (lazily loaded with
 * MapLibre and uPlot), so a replay can be linked to and reloaded.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ShiftSummaryResponse } from '../../../../contract/reports';
import type { ShiftReplay } from '../../../../contract/replay';
import { useAppSelector } from '../../../app/hooks';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingText } from '../../../components/LoadingText';
import { PageHeader } from '../../../components/PageHeader';
import { selectColorScheme } from '../../../components/theme/themeSlice';
import { formatDateTime } from '../../../lib/format';
import { loadMapLibre } from '../../../lib/map/maplibre';
import ReplayMap from './ReplayMap';
import { ReplayControls } from './ReplayControls';
import { ReplaySummary } from './ReplaySummary';
import { trackFromReplay, type ReplayTrack } from './replayTrack';
import { useGetShiftReplayQuery, useGetShiftSummaryQuery } from './replayApi';
import SpeedChart from './SpeedChart';
import { useReplayClock } from './useReplayClock';
import './replay.css';

function subtitle(replay: ShiftReplay): string {
  const end = replay.shift_end ? formatDateTime(replay.shift_end) : 'En curso';
  return `${replay.plate_number ?? 'Sin vehículo'} · ${formatDateTime(replay.shift_start)} – ${end}`;
}

function ReplayPlayer({ track, summary }: { track: ReplayTrack; summary: ShiftSummaryResponse | undefined }) {
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
        <ReplayControls track={track} clock={clock} follow={follow} onFollowChange={setFollow} />
        <SpeedChart track={track} clock={clock} colorScheme={colorScheme} />
      </div>
      <ReplaySummary summary={summary} track={track} clock={clock} />
    </div>
  );
}

export function ReplayPage() {
  const { shiftId = '' } = useParams();
  const id = /^\d{1,9}$/.test(shiftId) ? Number(shiftId) : null;
  const replay = useGetShiftReplayQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const summary = useGetShiftSummaryQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const track = useMemo(() => (replay.data ? trackFromReplay(replay.data) : null), [replay.data]);
  const titleId = useId();
  // MapLibre's workers start while the trail downloads, not after.
  useEffect(() => loadMapLibre().prewarm(), []);
  const notFound = id === null || (replay.error && 'status' in replay.error && replay.error.status === 404);

  return (
    <section className="flota-replay" aria-labelledby={titleId}>
      <PageHeader id={titleId} title={replay.data ? `Reproducción: ${replay.data.driver_name}` : 'Reproducción del turno'} subtitle={replay.data ? subtitle(replay.data) : undefined}>
        <Link className="flota-button flota-button--secondary" to="/dashboard/history">
          Volver al historial
        </Link>
      </PageHeader>
      {notFound ? (
        <p className="flota-replay__empty">Turno no encontrado</p>
      ) : replay.isError ? (
        <LoadFailure message="No se pudo cargar el recorrido del turno." onRetry={() => void replay.refetch()} />
      ) : replay.isLoading ? (
        <LoadingText>Cargando recorrido...</LoadingText>
      ) : track ? (
        <ReplayPlayer track={track} summary={summary.data} />
      ) : (
        <p className="flota-replay__empty">Sin recorrido registrado</p>
      )}
    </section>
  );
}
