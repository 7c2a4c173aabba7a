import { DateField } from '../../components/form/DateField';
import { useId } from 'react';
import { REPORT_GROUPS, type ReportGroup } from '../../../contract/reports';
import { localToday, periodAround, periodLabels, shiftPeriod, type Period, type PeriodKind } from './reportPeriod';

const groupOptionLabels: Record<ReportGroup, string> = { driver: 'Por conductor', vehicle: 'Por vehículo' };
const kinds: PeriodKind[] = ['day', 'week', 'month', 'custom'];

/** Período (día, semana, mes, personalizado, with Anterior / Siguiente) and Agrupar (por conductor, por vehículo). */
export function ReportControls({ period, group, onPeriod, onGroup }: { period: Period; group: ReportGroup; onPeriod: (p: Period) => void; onGroup: (g: ReportGroup) => void }) {
  const id = useId();
  function pickKind(kind: PeriodKind) {
    if (kind === 'custom') onPeriod({ ...period, kind });
    else onPeriod(periodAround(kind, period.kind === kind ? period.from : localToday()));
  }
  return (
    <div className="flota-report-controls">
      <fieldset className="flota-report-segmented">
        <legend>Período</legend>
        {kinds.map((kind) => (
          <button key={kind} type="button" className="flota-report-segmented__option" aria-pressed={period.kind === kind} onClick={() => pickKind(kind)}>
            {periodLabels[kind]}
          </button>
        ))}
      </fieldset>
      {period.kind === 'custom' ? (
        <div className="flota-report-dates">
          <div className="flota-field">
            <label htmlFor={`${id}-from`}>Desde</label>
            <DateField id={`${id}-from`} value={period.from} max={period.to} onValueChange={(from) => from && onPeriod({ ...period, from })} />
          </div>
          <div className="flota-field">
            <label htmlFor={`${id}-to`}>Hasta</label>
            <DateField id={`${id}-to`} value={period.to} min={period.from} onValueChange={(to) => to && onPeriod({ ...period, to })} />
          </div>
        </div>
      ) : (
        <div className="flota-report-steps">
          <button type="button" className="flota-button flota-button--secondary" onClick={() => onPeriod(shiftPeriod(period, -1))}>
            ‹ Anterior
          </button>
          <button type="button" className="flota-button flota-button--secondary" onClick={() => onPeriod(shiftPeriod(period, 1))}>
            Siguiente ›
          </button>
        </div>
      )}
      <fieldset className="flota-report-segmented">
        <legend>Agrupar</legend>
        {REPORT_GROUPS.map((option) => (
          <button key={option} type="button" className="flota-report-segmented__option" aria-pressed={group === option} onClick={() => onGroup(option)}>
            {groupOptionLabels[option]}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
