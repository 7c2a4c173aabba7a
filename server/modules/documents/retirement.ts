/**
 * When a taxi must retire: its year plus the fleet's maximum age (off by default), on 31 December of
 * that year. Listed once the date is within the window or past.
 */
import type { Kysely } from 'kysely';
import type { ExpiriesResponse } from '../../../contract/documents';
import type { Database } from '../../platform/db/schema';
import { vehicleRows } from '../vehicles';
import { daysBetween } from './expiries';

export function retiresOn(year: number, maxAgeYears: number): string {
  return `${year + maxAgeYears}-12-31`;
}

export async function retirements(db: Kysely<Database>, ownerId: number, today: string, windowDays: number, maxAgeYears: number | null): Promise<ExpiriesResponse['retirements']> {
  if (maxAgeYears === null) return [];
  const vehicles = await db.selectFrom(vehicleRows(db).as('v')).select(['id', 'plate_number', 'year']).where('owner_id', '=', ownerId).where('deleted_at', 'is', null).where('year', 'is not', null).execute();
  return vehicles
    .map((vehicle) => {
      const date = retiresOn(vehicle.year as number, maxAgeYears);
      return { vehicle_id: vehicle.id, plate_number: vehicle.plate_number, year: vehicle.year as number, retires_on: date, days_left: daysBetween(today, date) };
    })
    .filter((vehicle) => vehicle.days_left <= windowDays)
    .sort((a, b) => a.retires_on.localeCompare(b.retires_on));
}
