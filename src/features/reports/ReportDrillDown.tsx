import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { ReportGroup, ReportRow } from '../../../contract/reports';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { formatTimeEsCL } from '../../lib/format';
import { formatDay } from './reportPeriod';
import { useGetReportDailyQuery, useGetReportShiftsQuery } from './reportsApi';
import { ReportTable } from './ReportTable';

interface Props {
  from: string;
  to: string;
  group: ReportGroup;
  entity: ReportRow;
  day: string | null;
  onDay: (day: string | null) => void;
  onClose: () => void;
}

/** A driver's (or vehicle's) days in the period; a day's shifts, each with Reproducir (the replay). */
export function ReportDrillDown({ from, to, group, entity, day, onDay, onClose }: Props) {
  const filter = group === 'driver' ? { driver_id: entity.id ?? undefined } : { vehicle_id: entity.id ?? undefined };
  const daily = useGetReportDailyQuery({ from, to, group, ...filter }, { refetchOnMountOrArgChange: true });
  const shifts = useGetReportShiftsQuery(day ? { from: day, to: day, group, ...filter } : { from, to, group, ...filter }, { skip: day === null, refetchOnMountOrArgChange: true });
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from a row far above (on a phone, a screen or two): the detail comes into view, and the
  // keyboard's focus to its heading, each time another driver or day is chosen.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    sectionRef.current?.scrollIntoView?.({ block: 'start', behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, [entity.id, day]);

  return (
    <section ref={sectionRef} className="flota-report-drill" aria-label={`Detalle de ${entity.name}`}>
      <div className="flota-report-drill__head">
        <h2 ref={headingRef} tabIndex={-1}>{day ? `${entity.name} · ${formatDay(day)}` : `${entity.name} · por día`}</h2>
        <div className="flota-report-drill__actions">
          {day && (
            <button type="button" className="flota-button flota-button--secondary" onClick={() => onDay(null)}>
              Volver a los días
            </button>
          )}
          <button type="button" className="flota-button flota-button--secondary" onClick={onClose}>
            Cerrar detalle
          </button>
        </div>
      </div>
      {day === null ? (
        daily.isError ? (
          <LoadFailure message="No se pudo cargar el detalle por día." onRetry={() => void daily.refetch()} />
        ) : !daily.data ? (
          <LoadingText>Cargando días...</LoadingText>
        ) : (
          <ReportTable
            caption={`Días de ${entity.name}`}
            firstHeader="Día"
            rows={daily.data.days}
            rowKey={(row) => row.date}
            label={(row) => (
              <button type="button" className="flota-report-link" onClick={() => onDay(row.date)}>
                {formatDay(row.date)}
              </button>
            )}
          />
        )
      ) : shifts.isError ? (
        <LoadFailure message="No se pudieron cargar los turnos del día." onRetry={() => void shifts.refetch()} />
      ) : !shifts.data ? (
        <LoadingText>Cargando turnos...</LoadingText>
      ) : (
        <ReportTable
          caption={`Turnos de ${entity.name} el ${formatDay(day)}`}
          firstHeader="Turno"
          rows={shifts.data.shifts.map((shift) => ({ ...shift, shifts: 1, open_shifts: shift.end_time ? 0 : 1, summarized_shifts: shift.summarized ? 1 : 0, stopped_seconds: 0 }))}
          rowKey={(row) => String(row.id)}
          label={(row) => `${formatTimeEsCL(row.start_time)} – ${row.end_time ? formatTimeEsCL(row.end_time) : 'en curso'} · ${group === 'driver' ? (row.plate_number ?? 'Sin vehículo') : row.driver_name}`}
          extra={{
            header: 'Recorrido',
            cell: (row) => (
              <Link className="flota-report-link" to={`/dashboard/history/${row.id}/replay`} aria-label={`Reproducir el turno de las ${formatTimeEsCL(row.start_time)}`}>
                Reproducir
              </Link>
            ),
          }}
        />
      )}
    </section>
  );
}
