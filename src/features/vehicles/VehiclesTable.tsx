import type { Vehicle } from '../../../contract/entities';
import { ActiveBadge, OnShiftBadge } from '../../components/Badge';
import { DataTable } from '../../components/DataTable';
import { EditDeleteActions, type EditDeleteHandlers } from '../../components/EditDeleteActions';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { vehicleDriverName } from './VehicleCard';

export interface VehicleTableRow {
  vehicle: Vehicle;
  onShift: boolean;
  actions: EditDeleteHandlers | null;
}

/** Vehículos as a compact table: one line per vehicle, the same facts as the cards. */
export function VehiclesTable({ rows, withActions }: { rows: VehicleTableRow[]; withActions: boolean }) {
  return (
    <DataTable boxClassName="flota-entity-table__box" className="flota-entity-table">
      <caption>
        <VisuallyHidden>Vehículos</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          <th scope="col">Patente</th>
          <th scope="col">Modelo</th>
          <th scope="col">Color</th>
          <th scope="col">Año</th>
          <th scope="col">Conductor</th>
          <th scope="col">Estado</th>
          {withActions && (
            <th scope="col">
              <VisuallyHidden>Acciones</VisuallyHidden>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ vehicle, onShift, actions }) => (
          <tr key={vehicle.id}>
            <th scope="row" className="flota-row-title" tabIndex={-1}>
              <span className="flota-plate-text">{vehicle.plate_number}</span>
            </th>
            <td>{vehicle.model ?? 'Sin modelo'}</td>
            <td>{vehicle.color ?? 'Sin color'}</td>
            <td>{vehicle.year ?? 'Sin año'}</td>
            <td>{vehicleDriverName(vehicle) ?? 'Sin asignar'}</td>
            <td>
              <span className="flota-entity-table__badges">
                <ActiveBadge active={vehicle.is_active} />
                <OnShiftBadge onShift={onShift} />
              </span>
            </td>
            {withActions && (
              <td>
                <span className="flota-entity-table__actions">
                  <EditDeleteActions subject={vehicle.plate_number} handlers={actions} />
                </span>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
