/**
 * Drivers as users of the phone API: login lookup and the check behind every driver request.
 * Only live (not deleted), active drivers may sign in or keep working.
 */
import type { Kysely } from 'kysely';
import type { DriverProfile } from '../../contract/entities';
import type { Database } from '../db/schema';

export interface DriverAccount {
  profile: DriverProfile;
  ownerId: number;
  passwordHash: string;
}

function accountsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('drivers as d')
    .leftJoin('vehicles as v', (join) => join.onRef('v.id', '=', 'd.current_vehicle_id').on('v.deleted_at', 'is', null))
    .where('d.deleted_at', 'is', null)
    .where('d.is_active', '=', true)
    .select(['d.id', 'd.rut', 'd.first_name', 'd.last_name', 'd.current_vehicle_id', 'v.plate_number', 'd.owner_id', 'd.password_hash']);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountsQuery>['executeTakeFirstOrThrow']>>;

function toAccount({ owner_id, password_hash, ...profile }: AccountRow): DriverAccount {
  return { profile, ownerId: owner_id, passwordHash: password_hash };
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

/** The driver behind a driver token, while still live, active and with the same owner; else null. */
export async function findWorkingDriver(db: Kysely<Database>, driverId: number, ownerId: number): Promise<DriverAccount | null> {
  const row = await accountsQuery(db).where('d.id', '=', driverId).where('d.owner_id', '=', ownerId).executeTakeFirst();
  return row ? toAccount(row) : null;
}
