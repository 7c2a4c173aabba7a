import { Link } from 'react-router-dom';
import type { Shift } from '../../../contract/entities';
import { Badge } from '../../components/Badge';
import { DataTable } from '../../components/DataTable';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { shiftRow } from './shiftDisplay';

interface Props {
  shifts: Shift[];
  onShowRoute: (shift: Shift) => void;
}

export function HistoryTable({ shifts, onShowRoute }: Props) {
  return (
    <DataTable boxClassName="flota-history-table__scroll" className="flota-history-table">
      <caption>
        <VisuallyHidden>Turnos encontrados</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          <th scope="col">Conductor</th>
          <th scope="col">Vehículo</th>
          <th scope="col">Inicio</th>
          <th scope="col">Fin</th>
          <th scope="col" className="flota-history-table__number">
            Duración
          </th>
          <th scope="col">Estado</th>
          <th scope="col">
            <VisuallyHidden>Recorrido</VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {shifts.map((shift) => {
          const row = shiftRow(shift);
          return (
            <tr key={shift.id}>
              <td>
                <div className="flota-history-table__driver">{row.driver}</div>
                <div className="flota-history-table__rut">{row.rut}</div>
              </td>
              <td className={shift.plate_number ? 'flota-history-table__plate' : 'flota-history-table__muted'}>{row.vehicle}</td>
              <td>{row.start}</td>
              <td>{row.end}</td>
              <td className="flota-history-table__number">{row.duration}</td>
              <td>
                <Badge tone={shift.is_active ? 'success' : 'neutral'}>{row.status}</Badge>
              </td>
              <td className="flota-history-table__action">
                <button type="button" className="flota-button flota-button--secondary flota-history-table__route-button" onClick={() => onShowRoute(shift)}>
                  Ver recorrido
                </button>
                <Link className="flota-button flota-button--secondary flota-history-table__route-button" to={`/dashboard/history/${shift.id}/replay`} aria-label={`Reproducir turno de ${row.driver}`}>
                  Reproducir
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
