import type { MaintenanceOverview } from '../../../contract/maintenance';
import { maintenancePlanStatusLabels } from '../../../contract/maintenance';
import { Badge } from '../../components/Badge';
import { dueLines, km, statusTone, worstStatus } from './planText';

/** Every taxi at a glance, the ones whose plans are overdue or near first: its odometer and its most pressing plan; choosing one opens its detail. */
export function FleetMaintenanceList({ overview, selectedId, onSelect }: { overview: MaintenanceOverview; selectedId: number | null; onSelect(id: number): void }) {
  const urgency = (plans: MaintenanceOverview['vehicles'][number]['plans']) => rank(worstStatus(plans) ?? 'al_dia');
  const vehicles = [...overview.vehicles].sort((a, b) => urgency(a.plans) - urgency(b.plans));
  return (
    <ul className="flota-maintenance-fleet" aria-label="Taxis de la flota">
      {vehicles.map((vehicle) => {
        const status = worstStatus(vehicle.plans);
        const pressing = [...vehicle.plans].sort((a, b) => rank(a.status) - rank(b.status))[0];
        return (
          <li key={vehicle.vehicle_id}>
            <button type="button" className="flota-maintenance-fleet__item" aria-pressed={vehicle.vehicle_id === selectedId} onClick={() => onSelect(vehicle.vehicle_id)}>
              <span className="flota-plate">{vehicle.plate_number}</span>
              <span className="flota-maintenance-note">{vehicle.odometer ? km(vehicle.odometer.current_km) : 'Sin odómetro'}</span>
              {status ? <Badge tone={statusTone[status]}>{maintenancePlanStatusLabels[status]}</Badge> : <span className="flota-maintenance-note">Sin planes</span>}
              {pressing && pressing.status !== 'al_dia' && (
                <span className="flota-maintenance-fleet__due">
                  {pressing.kind}: {dueLines(pressing)[0]}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

const rank = (status: string) => ['vencida', 'proxima', 'sin_odometro', 'al_dia'].indexOf(status);
