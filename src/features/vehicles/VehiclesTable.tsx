import type { Vehicle } from '../../../contract/entities';
import { ActiveBadge, OnShiftBadge } from '../../components/Badge';
import { EditDeleteActions, type EditDeleteHandlers } from '../../components/EditDeleteActions';
import { EntityTable, type EntityColumn } from '../../components/EntityTable';
import { vehicleDriverName } from './VehicleCard';

export interface VehicleTableRow {
  vehicle: Vehicle;
  onShift: boolean;
  actions: EditDeleteHandlers | null;
}

const columns: EntityColumn<VehicleTableRow>[] = [
  { header: 'Modelo', cell: ({ vehicle }) => vehicle.model ?? 'Sin modelo' },
  { header: 'Color', cell: ({ vehicle }) => vehicle.color ?? 'Sin color' },
  { header: 'Año', cell: ({ vehicle }) => vehicle.year ?? 'Sin año' },
  { header: 'Conductor', cell: ({ vehicle }) => vehicleDriverName(vehicle) ?? 'Sin asignar' },
  {
    header: 'Estado',
    cell: ({ vehicle, onShift }) => (
      <span className="flota-entity-table__badges">
        <ActiveBadge active={vehicle.is_active} />
        <OnShiftBadge onShift={onShift} />
      </span>
    ),
  },
];

/** Vehículos as a compact table: one line per vehicle, the same facts as the cards. */
export function VehiclesTable({ rows, withActions }: { rows: VehicleTableRow[]; withActions: boolean }) {
  return (
    <EntityTable
      caption="Vehículos"
      rows={rows}
      rowKey={({ vehicle }) => vehicle.id}
      title={{ header: 'Patente', cell: ({ vehicle }) => <span className="flota-plate-text">{vehicle.plate_number}</span> }}
      columns={columns}
      actions={withActions ? ({ vehicle, actions }) => <EditDeleteActions subject={vehicle.plate_number} handlers={actions} /> : undefined}
    />
  );
}
