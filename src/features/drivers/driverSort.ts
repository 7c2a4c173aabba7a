/** The orders Conductores offers. */
import type { Driver } from '../../../contract/entities';
import { driverFullName } from './DriverCard';

export const driverSorts = ['name', 'status', 'licence', 'plate'] as const;
export type DriverSort = (typeof driverSorts)[number];

export const driverSortOptions: { value: DriverSort; label: string }[] = [
  { value: 'name', label: 'Nombre' },
  { value: 'status', label: 'Estado' },
  { value: 'licence', label: 'Vencimiento de licencia' },
  { value: 'plate', label: 'Patente' },
];

const byName = (a: Driver, b: Driver) => driverFullName(a).localeCompare(driverFullName(b), 'es');

/**
 * Nombre A–Z; Estado: active first; licence: the nearest expiry first (none last); Patente A–Z (none
 * last). Ties by name.
 */
export function sortDrivers(drivers: readonly Driver[], sort: DriverSort): Driver[] {
  const compare: Record<DriverSort, (a: Driver, b: Driver) => number> = {
    name: () => 0,
    status: (a, b) => Number(b.is_active) - Number(a.is_active),
    licence: (a, b) => (a.license_expiry ?? '9999').localeCompare(b.license_expiry ?? '9999'),
    plate: (a, b) => (a.plate_number ?? '\uffff').localeCompare(b.plate_number ?? '\uffff', 'es'),
  };
  return [...drivers].sort((a, b) => compare[sort](a, b) || byName(a, b));
}
