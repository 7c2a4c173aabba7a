import { useId } from 'react';
import { formatPesos } from '../../../contract/money';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { useGetMaintenanceCostsQuery } from './maintenanceApi';
import './maintenance.css';

const monthNames = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const monthLabel = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The months a period touches, "2026-10" to "2026-11". */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 36; guard += 1) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) break;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/** Reportes: what each taxi's services cost, per month of the report's period (whole months), with totals. */
export function MaintenanceCostsSection({ from, to }: { from: string; to: string }) {
  const titleId = useId();
  const months = monthsBetween(from, to);
  const query = useGetMaintenanceCostsQuery({ from: months[0], to: months[months.length - 1] }, { refetchOnMountOrArgChange: true });
  const data = query.currentData;
  const plates = [...new Map((data?.rows ?? []).map((row) => [row.vehicle_id, row.plate_number])).entries()];
  const cost = (vehicleId: number, month: string) => data?.rows.find((r) => r.vehicle_id === vehicleId && r.month === month)?.cost_pesos ?? 0;
  const monthTotal = (month: string) => (data?.rows ?? []).filter((r) => r.month === month).reduce((sum, r) => sum + r.cost_pesos, 0);

  return (
    <section className="flota-maintenance-costs" aria-labelledby={titleId}>
      <h2 id={titleId}>Costo de mantención por taxi y mes</h2>
      {query.isError && !query.isFetching ? (
        <LoadFailure message="No se pudieron cargar los costos de mantención." onRetry={() => void query.refetch()} />
      ) : !data ? (
        <LoadingText>Cargando costos de mantención...</LoadingText>
      ) : plates.length === 0 ? (
        <p className="flota-maintenance-note">Sin servicios registrados en {months.length === 1 ? 'el mes' : 'estos meses'}.</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so a keyboard can scroll it sideways (axe: scrollable-region-focusable)
        <div className="flota-maintenance-scroll flota-maintenance-costs__box" tabIndex={0} role="region" aria-label="Costos de mantención">
          <table className="flota-maintenance-table">
            <thead>
              <tr>
                <th scope="col">Taxi</th>
                {months.map((month) => (
                  <th key={month} scope="col" className="flota-maintenance-number">
                    {monthLabel(month)}
                  </th>
                ))}
                <th scope="col" className="flota-maintenance-number">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {plates.map(([vehicleId, plate]) => (
                <tr key={vehicleId}>
                  <th scope="row" className="flota-plate">
                    {plate}
                  </th>
                  {months.map((month) => (
                    <td key={month} className="flota-maintenance-number">
                      {cost(vehicleId, month) ? formatPesos(cost(vehicleId, month)) : '—'}
                    </td>
                  ))}
                  <td className="flota-maintenance-number">{formatPesos(months.reduce((sum, month) => sum + cost(vehicleId, month), 0))}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                {months.map((month) => (
                  <td key={month} className="flota-maintenance-number">
                    {formatPesos(monthTotal(month))}
                  </td>
                ))}
                <td className="flota-maintenance-number">{formatPesos(data.total_pesos)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
