import { licenceExpiryText } from '../../lib/licence';
import { formatRut } from '../../../contract/rut';
import type { Driver } from '../../../contract/entities';
import { ActiveBadge, OnShiftBadge } from '../../components/Badge';
import { DataTable } from '../../components/DataTable';
import { EditDeleteActions, type EditDeleteHandlers } from '../../components/EditDeleteActions';
import { PhoneLink } from '../../components/PhoneLink';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { driverFullName, LicenceBadge } from './DriverCard';

export interface DriverTableRow {
  driver: Driver;
  onShift: boolean;
  highlighted: boolean;
  actions: EditDeleteHandlers | null;
}

/** Conductores as a compact table: one line per driver, the same facts as the cards. */
export function DriversTable({ rows, now, withActions }: { rows: DriverTableRow[]; now: Date; withActions: boolean }) {
  return (
    <DataTable boxClassName="flota-entity-table__box" className="flota-entity-table">
      <caption>
        <VisuallyHidden>Conductores</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          <th scope="col">Nombre</th>
          <th scope="col">RUT</th>
          <th scope="col">Teléfono</th>
          <th scope="col">Licencia</th>
          <th scope="col">Vehículo</th>
          <th scope="col">Estado</th>
          {withActions && (
            <th scope="col">
              <VisuallyHidden>Acciones</VisuallyHidden>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ driver, onShift, highlighted, actions }) => {
          const name = driverFullName(driver);
          return (
            <tr key={driver.id} className={highlighted ? 'flota-row--highlight' : undefined}>
              <th scope="row" className="flota-row-title" tabIndex={-1}>
                {name}
              </th>
              <td>{formatRut(driver.rut)}</td>
              <td>{driver.phone ? <PhoneLink phone={driver.phone} name={name} /> : 'Sin teléfono'}</td>
              <td>
                <span className="flota-entity-table__badges">
                  {driver.license_expiry ? licenceExpiryText(driver.license_expiry, now) : 'Sin licencia'}
                  <LicenceBadge expiry={driver.license_expiry} now={now} />
                </span>
              </td>
              <td>{driver.plate_number ? <span className="flota-plate-text">{driver.plate_number}</span> : 'Sin asignar'}</td>
              <td>
                <span className="flota-entity-table__badges">
                  <ActiveBadge active={driver.is_active} />
                  <OnShiftBadge onShift={onShift} />
                </span>
              </td>
              {withActions && (
                <td>
                  <span className="flota-entity-table__actions">
                    <EditDeleteActions subject={name} handlers={actions} />
                  </span>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
