/** Every migration, by name, in order. Static imports: no filesystem globbing (works bundled and under tsx). */
import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_shift_vehicle_active';
import * as m0005 from './0005_device_ids';

export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_shift_vehicle_active': m0002,
  '0005_device_ids': m0005,
};
