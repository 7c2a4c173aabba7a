/** Kysely's view of the tables (migration 0001). Timestamps come back as Date, DATE columns as 'YYYY-MM-DD'. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface OwnersTable {
  id: Generated<number>;
  rut: string;
  rut_body: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  created_at: CreatedAt;
}

export interface VehiclesTable {
  id: Generated<number>;
  owner_id: number;
  plate_number: string;
  model: string | null;
  color: string | null;
  year: number | null;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface DriversTable {
  id: Generated<number>;
  owner_id: number;
  rut: string;
  rut_body: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  license_number: string | null;
  /** 'YYYY-MM-DD' */
  license_expiry: string | null;
  current_vehicle_id: number | null;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
  /** Migration 0005: the phone's or tracker's OsmAnd identifier (server-generated, unique). */
  device_id: Generated<string>;
}

export interface ShiftsTable {
  id: Generated<number>;
  owner_id: number;
  driver_id: number;
  vehicle_id: number | null;
  start_time: Timestamp;
  end_time: Timestamp | null;
  latitude: number | null;
  longitude: number | null;
  last_location_time: Timestamp | null;
  /** Migration 0005: 'driver' (Iniciar turno, the driver API) or 'tracker' (started by its first point). */
  started_by: Generated<ShiftStarter>;
}

export type ShiftStarter = 'driver' | 'tracker';

export interface ShiftLocationsTable {
  /** bigserial: read as a JS number (type parsers), fine below 2^53. */
  id: Generated<number>;
  shift_id: number;
  latitude: number;
  longitude: number;
  recorded_at: Timestamp;
}

export interface Database {
  owners: OwnersTable;
  vehicles: VehiclesTable;
  drivers: DriversTable;
  shifts: ShiftsTable;
  shift_locations: ShiftLocationsTable;
}
