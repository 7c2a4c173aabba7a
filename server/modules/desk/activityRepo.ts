/** Reading the activity log: one fleet's entries, newest first, filtered and paginated. */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ActivityEntity, ActivityEntry } from '../../../contract/entities';
import type { Database } from '../../platform/db/schema';
import { addDays } from '../../platform/timeZone';

export interface ActivityFilter {
  actor?: { role: string; id: number };
  entity?: ActivityEntity;
  startDate?: string;
  endDate?: string;
  /** Leave out the entries about desk accounts (for a reader who may not manage users). */
  withoutUsers?: boolean;
}

function dayStart(date: string, timeZone: string) {
  return sql<Date>`cast(${date} as date)::timestamp at time zone cast(${timeZone} as text)`;
}

export async function listActivity(
  db: Kysely<Database>,
  ownerId: number,
  filter: ActivityFilter,
  page: { page: number; pageSize: number },
  timeZone: string,
): Promise<{ entries: ActivityEntry[]; total: number }> {
  const base = db.selectFrom('activity_log').where((eb) => {
    const conditions: Expression<SqlBool>[] = [eb('owner_id', '=', ownerId)];
    if (filter.actor) conditions.push(eb('actor_role', '=', filter.actor.role), eb('actor_id', '=', filter.actor.id));
    if (filter.entity) conditions.push(eb('entity', '=', filter.entity));
    if (filter.withoutUsers) conditions.push(eb('entity', '<>', 'user'));
    if (filter.startDate) conditions.push(eb('created_at', '>=', dayStart(filter.startDate, timeZone)));
    if (filter.endDate) conditions.push(eb('created_at', '<', dayStart(addDays(filter.endDate, 1), timeZone)));
    return eb.and(conditions);
  });
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const entries = rows.map(
    (row): ActivityEntry => ({
      id: Number(row.id),
      created_at: row.created_at.toISOString(),
      actor_id: row.actor_id,
      actor_role: row.actor_role,
      actor_name: row.actor_name,
      entity: row.entity as ActivityEntity,
      entity_id: row.entity_id,
      entity_label: row.entity_label,
      action: row.action,
      changes: typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes,
      ip: row.ip,
    }),
  );
  return { entries, total: Number(count.count) };
}

/** Everyone who appears in the fleet's log (the "person" filter's choices), by latest name. */
export async function listActivityActors(db: Kysely<Database>, ownerId: number, withoutUsers = false): Promise<{ key: string; name: string; role: string }[]> {
  const rows = await db
    .selectFrom('activity_log')
    .select(['actor_role', 'actor_id', (eb) => eb.fn.max('actor_name').as('name')])
    .where('owner_id', '=', ownerId)
    .$if(withoutUsers, (query) => query.where('entity', '<>', 'user'))
    .groupBy(['actor_role', 'actor_id'])
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ key: `${row.actor_role}:${row.actor_id}`, name: String(row.name), role: row.actor_role }));
}
