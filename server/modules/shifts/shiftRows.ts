/**
 * Shifts as other modules' queries see them, as a subquery another module joins
 * (`selectFrom(shiftRows(db).as('s'))`) or embeds in raw SQL. PostgreSQL folds it into the outer
 * query, so it costs what the bare table did; writes stay in this module's repositories.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export function shiftRows(db: Kysely<Database>) {
  return db
    .selectFrom('shifts')
    .select(['id', 'owner_id', 'driver_id', 'vehicle_id', 'start_time', 'end_time', 'latitude', 'longitude', 'last_location_time', 'started_by', 'last_seen_at']);
}
