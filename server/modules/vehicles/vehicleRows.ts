/**
 * Vehicles as other modules' queries see them: the columns this door shows, as a subquery another
 * module joins (`leftJoin(vehicleRows(db).as('v'), 'v.id', 's.vehicle_id')`) or embeds in raw SQL.
 * PostgreSQL folds it into the outer query, so the join costs what the bare table did; a rename or a
 * new rule inside the table changes here only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export function vehicleRows(db: Kysely<Database>) {
  return db.selectFrom('vehicles').select(['id', 'owner_id', 'plate_number', 'model', 'color', 'year', 'is_active', 'deleted_at']);
}
