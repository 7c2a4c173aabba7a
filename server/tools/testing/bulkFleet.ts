/**
 * Thousands of drivers on active shifts, for load tests and benchmarks, by the fastest legitimate
 * path: one owner, then vehicles, drivers and shifts each in ONE multi-row INSERT (arrays through
 * unnest), every driver sharing one password hash (hashing 5,000 passwords would take minutes), and
 * driver tokens signed with the server's JWT secret exactly as POST /api/driver/login signs them.
 * The rows are what the API would create; only the per-row round trips are skipped.
 */
import { FLEET_CODE_ALPHABET, FLEET_CODE_LENGTH } from '../../../contract/fleetCode';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../modules/identity/passwords';
import { signToken } from '../../modules/identity/tokens';
import type { Database } from '../../platform/db/schema';
import { validRut } from './fleetFixtures';

export interface OnShiftDriver {
  id: number;
  rut: string;
  shiftId: number;
  token: string;
}

export interface OnShiftFleet {
  ownerId: number;
  ownerRut: string;
  fleetCode: string;
  password: string;
  drivers: OnShiftDriver[];
}

export const BULK_PASSWORD = 'carga-masiva-123';

/** A valid fleet code of its own per RUT body (bulk fleets are made without the owners repo). */
function bulkFleetCode(rutBody: number): string {
  let code = '';
  for (let n = rutBody, i = 0; i < FLEET_CODE_LENGTH; i++, n = Math.floor(n / FLEET_CODE_ALPHABET.length)) {
    code = FLEET_CODE_ALPHABET[n % FLEET_CODE_ALPHABET.length] + code;
  }
  return code;
}

export async function createOnShiftFleet(
  db: Kysely<Database>,
  options: { drivers: number; jwtSecret: string; rutBody?: number; startedAt?: Date },
): Promise<OnShiftFleet> {
  const rutBody = options.rutBody ?? 30_000_000;
  const ownerRut = validRut(rutBody);
  const passwordHash = await hashPassword(BULK_PASSWORD);
  // The ingest bench also loads the database of its baseline, a tree from before fleet codes (migration 0004).
  const { rows: fleetCodeColumn } = await sql`select 1 from information_schema.columns where table_name = 'owners' and column_name = 'fleet_code'`.execute(db);
  const fleetCode = fleetCodeColumn.length ? bulkFleetCode(rutBody) : null;
  const { rows: owners } = await sql<{ id: number }>`
    insert into owners (rut, rut_body, password_hash, first_name, last_name, email, company_name${fleetCode ? sql`, fleet_code` : sql``})
    values (${ownerRut}, ${String(rutBody)}, ${passwordHash}, 'Carga', 'Masiva', 'carga@example.cl', 'Radiotaxis Carga'${fleetCode ? sql`, ${fleetCode}` : sql``})
    returning id`.execute(db);
  const ownerId = owners[0].id;
  const index = Array.from({ length: options.drivers }, (_, i) => i);
  const plates = index.map((i) => `CM${String(i).padStart(4, '0')}`);
  const { rows: vehicles } = await sql<{ id: number }>`
    insert into vehicles (owner_id, plate_number)
    select ${ownerId}, plate from unnest(${plates}::text[]) with ordinality as t(plate, n) order by n
    returning id`.execute(db);
  const ruts = index.map((i) => validRut(rutBody + 1 + i));
  const { rows: drivers } = await sql<{ id: number }>`
    insert into drivers (owner_id, rut, rut_body, password_hash, first_name, last_name, current_vehicle_id)
    select ${ownerId}, rut, left(rut, -1), ${passwordHash}, 'Conductor', 'Carga ' || n, vehicle
    from unnest(${ruts}::text[], ${vehicles.map((v) => v.id)}::integer[]) with ordinality as t(rut, vehicle, n) order by n
    returning id`.execute(db);
  const startedAt = (options.startedAt ?? new Date(Date.now() - 60_000)).toISOString();
  const { rows: shifts } = await sql<{ id: number }>`
    insert into shifts (owner_id, driver_id, vehicle_id, start_time)
    select ${ownerId}, driver, vehicle, ${startedAt}::timestamptz
    from unnest(${drivers.map((d) => d.id)}::integer[], ${vehicles.map((v) => v.id)}::integer[]) with ordinality as t(driver, vehicle, n) order by n
    returning id`.execute(db);
  // A bulk load leaves the planner's statistics stale (it would think a handful of shifts are
  // active and scan them all on every flush); autovacuum would catch up later, do it now.
  await sql`analyze owners, vehicles, drivers, shifts`.execute(db);
  const tokens = await Promise.all(
    drivers.map((driver) => signToken({ role: 'driver', sub: driver.id, ownerId, tokenVersion: 0 }, options.jwtSecret)),
  );
  return {
    ownerId,
    ownerRut,
    fleetCode: fleetCode ?? '',
    password: BULK_PASSWORD,
    drivers: drivers.map((driver, i) => ({ id: driver.id, rut: ruts[i], shiftId: shifts[i].id, token: tokens[i] })),
  };
}
