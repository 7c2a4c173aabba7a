import { licenceExpiryText } from '../../lib/licence';
import { formatRut } from '../../../contract/rut';
import type { Driver } from '../../../contract/entities';
import { ActiveBadge, OnShiftBadge } from '../../components/Badge';
import { EditDeleteActions, type EditDeleteHandlers } from '../../components/EditDeleteActions';
import { EntityTable, type EntityColumn } from '../../components/EntityTable';
import { PhoneLink } from '../../components/PhoneLink';
import { driverFullName, LicenceBadge } from './DriverCard';

export interface DriverTableRow {
  driver: Driver;
  onShift: boolean;
  highlighted: boolean;
  actions: EditDeleteHandlers | null;
}

const columns = (now: Date): EntityColumn<DriverTableRow>[] => [
  { header: 'RUT', cell: ({ driver }) => formatRut(driver.rut) },
  { header: 'Teléfono', cell: ({ driver }) => (driver.phone ? <PhoneLink phone={driver.phone} name={driverFullName(driver)} /> : 'Sin teléfono') },
  {
    header: 'Licencia',
    cell: ({ driver }) => (
      <span className="flota-entity-table__badges">
        {driver.license_expiry ? licenceExpiryText(driver.license_expiry, now) : 'Sin licencia'}
        <LicenceBadge expiry={driver.license_expiry} now={now} />
      </span>
    ),
  },
  { header: 'Vehículo', cell: ({ driver }) => (driver.plate_number ? <span className="flota-plate-text">{driver.plate_number}</span> : 'Sin asignar') },
  {
    header: 'Estado',
    cell: ({ driver, onShift }) => (
      <span className="flota-entity-table__badges">
        <ActiveBadge active={driver.is_active} />
        <OnShiftBadge onShift={onShift} />
      </span>
    ),
  },
];

/** Conductores as a compact table: one line per driver, the same facts as the cards. */
export function DriversTable({ rows, now, withActions }: { rows: DriverTableRow[]; now: Date; withActions: boolean }) {
  return (
    <EntityTable
      caption="Conductores"
      rows={rows}
      rowKey={({ driver }) => driver.id}
      title={{ header: 'Nombre', cell: ({ driver }) => driverFullName(driver) }}
      columns={columns(now)}
      actions={withActions ? ({ driver, actions }) => <EditDeleteActions subject={driverFullName(driver)} handlers={actions} /> : undefined}
      highlighted={(row) => row.highlighted}
    />
  );
}
