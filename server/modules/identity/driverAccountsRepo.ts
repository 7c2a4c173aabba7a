/**
 * Drivers as users of the phone API: login lookup, and the state the ingest's driver cache keeps
 * (driverCache.ts) behind every driver request.
 * Only live (not deleted), active drivers may sign in or keep working.
 */
import type { Kysely } from 'kysely';
import type { DriverProfile } from '../../../contract/entities';
import type { Database } from '../../platform/db/schema';

export interface DriverAccount {
  profile: DriverProfile;
  ownerId: number;
  passwordHash: string;
  /** Goes into the driver's token (claim tv); a bump ends older tokens. */
  tokenVersion: number;
}

/** What the ingest caches of a working driver (driverCache.ts). */
export interface DriverState {
  id: number;
  ownerId: number;
  tokenVersion: number;
  /** What its tracker or Traccar Client sends to /osmand (a regenerated one changes the driver). */
  deviceId: string;
  currentVehicleId: number | null;
  activeShift: { id: number; startTime: Date } | null;
}

function accountsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('drivers as d')
    .leftJoin('vehicles as v', (join) => join.onRef('v.id', '=', 'd.current_vehicle_id').on('v.deleted_at', 'is', null))
    .where('d.deleted_at', 'is', null)
    .where('d.is_active', '=', true)
    .select(['d.id', 'd.rut', 'd.first_name', 'd.last_name', 'd.current_vehicle_id', 'v.plate_number', 'd.owner_id', 'd.password_hash', 'd.token_version']);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountsQuery>['executeTakeFirstOrThrow']>>;

function toAccount({ owner_id, password_hash, token_version, ...profile }: AccountRow): DriverAccount {
  return { profile, ownerId: owner_id, passwordHash: password_hash, tokenVersion: token_version };
}

/**
 * The active driver a login form's RUT designates within one fleet (by full RUT, or by body without
 * check digit). Never another fleet's: a RUT is unique per owner only, and a person driving for two
 * fleets has one account in each (see docs/api.md, "Driver identity").
 */
export async function findDriversForLogin(db: Kysely<Database>, ownerId: number, key: { rut: string } | { body: string }): Promise<DriverAccount[]> {
  let query = accountsQuery(db).where('d.owner_id', '=', ownerId);
  query = 'rut' in key ? query.where('d.rut', '=', key.rut) : query.where('d.rut_body', '=', key.body);
  const rows = await query.orderBy('d.id').limit(2).execute();
  return rows.map(toAccount);
}

/** Live, active drivers with their active shift (if any), in one query; absent ids are not working drivers. */
export async function loadDriverStates(db: Kysely<Database>, driverIds: number[]): Promise<Map<number, DriverState>> {
  if (!driverIds.length) return new Map();
  const rows = await db
    .selectFrom('drivers as d')
    .leftJoin('shifts as s', (join) => join.onRef('s.driver_id', '=', 'd.id').on('s.end_time', 'is', null))
    .where('d.id', 'in', driverIds)
    .where('d.deleted_at', 'is', null)
    .where('d.is_active', '=', true)
    .select(['d.id', 'd.owner_id', 'd.token_version', 'd.device_id', 'd.current_vehicle_id', 's.id as shift_id', 's.start_time'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        ownerId: row.owner_id,
        tokenVersion: row.token_version,
        deviceId: row.device_id,
        currentVehicleId: row.current_vehicle_id,
        activeShift: row.shift_id !== null && row.start_time !== null ? { id: row.shift_id, startTime: new Date(row.start_time) } : null,
      },
    ]),
  );
}

/** The drivers on an active shift (at most `limit`), to warm the ingest's cache at start. */
export async function loadOnShiftDriverStates(db: Kysely<Database>, limit: number): Promise<Map<number, DriverState>> {
  const rows = await db.selectFrom('shifts').select('driver_id').where('end_time', 'is', null).limit(limit).execute();
  return loadDriverStates(
    db,
    rows.map((row) => row.driver_id),
  );
}

/** The working driver's profile as stored now (GET /driver/me), or null once deleted or deactivated. */
export async function findDriverProfile(db: Kysely<Database>, driverId: number, ownerId: number): Promise<DriverProfile | null> {
  const row = await accountsQuery(db).where('d.id', '=', driverId).where('d.owner_id', '=', ownerId).executeTakeFirst();
  return row ? toAccount(row).profile : null;
}

/** The driver a device identifier was given to (live or not), or null: the cache's miss path for /osmand. */
export async function findDriverIdByDeviceId(db: Kysely<Database>, deviceId: string): Promise<number | null> {
  const row = await db.selectFrom('drivers').select('id').where('device_id', '=', deviceId).executeTakeFirst();
  return row?.id ?? null;
}
