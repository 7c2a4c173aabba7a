import type { ReactNode } from 'react';
import type { Vehicle } from '../../../contract/entities';
import { ActiveBadge, OnShiftBadge } from '../../components/Badge';
import { EditDeleteActions, type EditDeleteHandlers } from '../../components/EditDeleteActions';
import { EntityCard } from '../../components/EntityCard';

/** The assigned driver's full name, or null when nobody drives it. */
export function vehicleDriverName(vehicle: Vehicle): string | null {
  const name = `${vehicle.driver_first_name ?? ''} ${vehicle.driver_last_name ?? ''}`.trim();
  return name || null;
}

function CarIcon() {
  return (
    <span className="flota-card__mark flota-vehicle-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24">
        <path
          fill="currentColor"
          d="M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11a2 2 0 0 1 2 2v4h-2v1.5a1.5 1.5 0 0 1-3 0V17H8v1.5a1.5 1.5 0 0 1-3 0V17H3v-4a2 2 0 0 1 2-2zm2.1 0h9.8l-1.2-3.6a.6.6 0 0 0-.6-.4H8.9a.6.6 0 0 0-.6.4zM6.5 15a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5zm11 0a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5z"
        />
      </svg>
    </span>
  );
}

/** A vehicle in the grid: its plate first, then model, colour, year, driver and the actions (none when read-only). */
export function VehicleCard({ vehicle, actions, onShift, extraBadges }: { vehicle: Vehicle; actions: EditDeleteHandlers | null; onShift: boolean; extraBadges?: ReactNode }) {
  const plate = vehicle.plate_number;
  return (
    <EntityCard
      leading={<CarIcon />}
      title={<span className="flota-plate">{plate}</span>}
      subtitle={vehicle.model ?? 'Sin modelo'}
      badges={
        <>
          <ActiveBadge active={vehicle.is_active} />
          <OnShiftBadge onShift={onShift} />
          {extraBadges}
        </>
      }
      details={[
        { label: 'Color', value: vehicle.color ?? 'Sin color' },
        { label: 'Año', value: vehicle.year ?? 'Sin año' },
        { label: 'Conductor', value: vehicleDriverName(vehicle) ?? 'Sin asignar' },
      ]}
      actions={actions && <EditDeleteActions subject={plate} handlers={actions} />}
    />
  );
}
