/**
 * Drivers as other modules' queries see them: who each is and whether they still work, as a subquery
 * another module joins (`innerJoin(driverRows(db).as('d'), 'd.id', 's.driver_id')`) or embeds in raw
 * SQL. PostgreSQL folds it into the outer query, so the join costs what the bare table did. Secrets
 * (password hash, token version) stay behind this door.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export function driverRows(db: Kysely<Database>) {
  return db
    .selectFrom('drivers')
    .select(['id', 'owner_id', 'rut', 'first_name', 'last_name', 'email', 'phone', 'license_number', 'license_expiry', 'current_vehicle_id', 'is_active', 'deleted_at', 'device_id']);
}
