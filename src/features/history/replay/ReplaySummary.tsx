/** Beside the replay: the shift's summary, the speed legend and its stops (a click on one jumps there). */
import type { ShiftSummaryResponse } from '../../../../contract/reports';
import { formatDuration } from '../../../lib/format';
import { formatClockTime } from '../../../lib/clockTime';
import { formatKm, formatKmh, formatStopDuration } from './replayFormat';
import { positionAt, SPEED_BANDS, type ReplayTrack } from './replayTrack';
import { useClockTime, type ReplayClock } from './useReplayClock';

interface Props {
  summary: ShiftSummaryResponse | undefined;
  track: ReplayTrack;
  clock: Pick<ReplayClock, 'now' | 'subscribe' | 'seek' | 'playing'>;
}

/** The speed at the player's time: a few times a second while playing, enough to read. */
function SpeedNow({ track, clock }: Omit<Props, 'summary'>) {
  const time = useClockTime(clock);
  return (
    <p className="flota-replay-summary__now">
      Velocidad ahora: <strong>{formatKmh(positionAt(track, time).speedKmh)}</strong>
    </p>
  );
}

export function ReplaySummary({ summary, track, clock }: Props) {
  const totals = summary?.summary;
  const onSeek = clock.seek;
  return (
    <aside className="flota-replay-summary" aria-label="Resumen del turno">
      <SpeedNow track={track} clock={clock} />
      {totals ? (
        <dl className="flota-replay-summary__totals">
          <dt>Distancia</dt>
          <dd>{formatKm(totals.distance_km)}</dd>
          <dt>En movimiento</dt>
          <dd>{formatDuration(totals.moving_seconds)}</dd>
          <dt>Detenido</dt>
          <dd>{formatDuration(totals.stopped_seconds)}</dd>
          <dt>Paradas</dt>
          <dd>{totals.stops_count}</dd>
          <dt>Viajes</dt>
          <dd>{totals.trips_count}</dd>
          <dt>Velocidad máxima</dt>
          <dd>{formatKmh(totals.max_speed_kmh)}</dd>
          <dt>Velocidad media</dt>
          <dd>{formatKmh(totals.average_speed_kmh)}</dd>
        </dl>
      ) : (
        <p className="flota-replay-summary__muted">Calculando resumen...</p>
      )}
      <h2 className="flota-replay-summary__heading">Velocidad en el mapa</h2>
      <ul className="flota-replay-legend">
        {SPEED_BANDS.map((band) => (
          <li key={band.label}>
            <span className="flota-replay-legend__swatch" style={{ background: band.colour }} aria-hidden="true" />
            {band.label}
          </li>
        ))}
      </ul>
      {summary && summary.stops.length > 0 && (
        <>
          <h2 className="flota-replay-summary__heading">Paradas</h2>
          <ol className="flota-replay-stops">
            {summary.stops.map((stop) => (
              <li key={stop.start_time}>
                <button type="button" className="flota-replay-stops__jump" onClick={() => onSeek(Date.parse(stop.start_time))}>
                  {`${formatClockTime(stop.start_time)} · ${formatStopDuration(stop.duration_seconds)}${stop.data_gap ? ' sin datos' : ''}`}
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </aside>
  );
}
