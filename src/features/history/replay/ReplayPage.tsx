/**
 * Reproducción de un turno (/dashboard/history/:shiftId/replay): the route coloured by speed with
 * its stops, the taxi moving along it at 1× to 60×, a time slider, a speed chart kept in step
 * (click to jump) and the shift's summary beside it; the track downloads as GPX or KML. A route of its own (lazily loaded with
 * MapLibre and uPlot), so a replay can be linked to and reloaded.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense, useEffect, useId, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ShiftReplay } from '../../../../contract/replay';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingText } from '../../../components/LoadingText';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { trackFromReplay } from './replayTrack';
import { TrackDownloads } from './TrackDownloads';
import { useGetShiftReplayQuery, useGetShiftSummaryQuery } from './replayApi';
import './replay.css';

function subtitle(replay: ShiftReplay): string {
  const end = replay.shift_end ? formatDateTime(replay.shift_end) : 'En curso';
  return `${replay.plate_number ?? 'Sin vehículo'} · ${formatDateTime(replay.shift_start)} – ${end}`;
}

/**
 * The player's chunk, asked for as the page opens so that it loads while the trail downloads; the
 * player then shows its map while the trail is still on its way.
 */
const loadPlayer = () => import('./ReplayPlayer');
const ReplayPlayer = lazy(loadPlayer);

export function ReplayPage() {
  const { shiftId = '' } = useParams();
  const id = /^\d{1,9}$/.test(shiftId) ? Number(shiftId) : null;
  const replay = useGetShiftReplayQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const summary = useGetShiftSummaryQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const track = useMemo(() => (replay.data ? trackFromReplay(replay.data) : null), [replay.data]);
  const titleId = useId();
  useEffect(() => {
    // A failed chunk shows through the lazy player's own load.
    loadPlayer().then((player) => player.prewarmMap(), () => undefined);
  }, []);
  const notFound = id === null || (replay.error && 'status' in replay.error && replay.error.status === 404);

  return (
    <section className="flota-replay" aria-labelledby={titleId}>
      <PageHeader id={titleId} title={replay.data ? `Reproducción: ${replay.data.driver_name}` : 'Reproducción del turno'} subtitle={replay.data ? subtitle(replay.data) : undefined}>
        {track && replay.data && <TrackDownloads track={track} replay={replay.data} />}
        <Link className="flota-button flota-button--secondary" to="/dashboard/history">
          Volver al historial
        </Link>
      </PageHeader>
      {notFound ? (
        <p className="flota-replay__empty">Turno no encontrado</p>
      ) : replay.isError ? (
        <LoadFailure message="No se pudo cargar el recorrido del turno." onRetry={() => void replay.refetch()} />
      ) : replay.isLoading || track ? (
        <Suspense fallback={<LoadingText>Cargando recorrido...</LoadingText>}>
          <ReplayPlayer track={track} summary={summary.data} />
        </Suspense>
      ) : (
        <p className="flota-replay__empty">Sin recorrido registrado</p>
      )}
    </section>
  );
}
