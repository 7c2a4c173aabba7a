/** The orders Vehículos offers. */
import type { Vehicle } from '../../../contract/entities';
import { vehicleDriverName } from './VehicleCard';

export const vehicleSorts = ['plate', 'status', 'driver'] as const;
export type VehicleSort = (typeof vehicleSorts)[number];

export const vehicleSortOptions: { value: VehicleSort; label: string }[] = [
  { value: 'plate', label: 'Patente' },
  { value: 'status', label: 'Estado' },
  { value: 'driver', label: 'Nombre del conductor' },
];

const byPlate = (a: Vehicle, b: Vehicle) => a.plate_number.localeCompare(b.plate_number, 'es');

/** Patente A–Z; Estado: active first; conductor A–Z (unassigned last). Ties by plate. */
export function sortVehicles(vehicles: readonly Vehicle[], sort: VehicleSort): Vehicle[] {
  const compare: Record<VehicleSort, (a: Vehicle, b: Vehicle) => number> = {
    plate: () => 0,
    status: (a, b) => Number(b.is_active) - Number(a.is_active),
    driver: (a, b) => (vehicleDriverName(a) ?? '\uffff').localeCompare(vehicleDriverName(b) ?? '\uffff', 'es'),
  };
  return [...vehicles].sort((a, b) => compare[sort](a, b) || byPlate(a, b));
}
