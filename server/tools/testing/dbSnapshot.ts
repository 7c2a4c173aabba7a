/**
 * What tests compare to prove that nothing changed: one owner's rows, or every table's row count
 * and checksum (md5 of its rows as text, in a fixed order).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** md5 over everything the owner has: its row, drivers, vehicles, shifts and their points, bookings, customers, places. */
export async function ownerChecksum(db: Kysely<Database>, ownerId: number): Promise<string> {
  const { rows } = await sql<{ sum: string }>`select md5(concat_ws('#',
      (select string_agg(o::text, '|' order by o.id) from owners o where o.id = ${ownerId}),
      (select string_agg(d::text, '|' order by d.id) from drivers d where d.owner_id = ${ownerId}),
      (select string_agg(v::text, '|' order by v.id) from vehicles v where v.owner_id = ${ownerId}),
      (select string_agg(s::text, '|' order by s.id) from shifts s where s.owner_id = ${ownerId}),
      (select string_agg(l::text, '|' order by l.shift_id, l.recorded_at) from shift_locations l join shifts s on s.id = l.shift_id where s.owner_id = ${ownerId}),
      (select string_agg(b::text, '|' order by b.id) from bookings b where b.owner_id = ${ownerId}),
      (select string_agg(c::text, '|' order by c.id) from customers c where c.owner_id = ${ownerId}),
      (select string_agg(p::text, '|' order by p.id) from dispatch_places p where p.owner_id = ${ownerId}),
      (select string_agg(z::text, '|' order by z.id) from zones z where z.owner_id = ${ownerId}),
      (select string_agg(r::text, '|' order by r.id) from alert_rules r where r.owner_id = ${ownerId}),
      (select string_agg(x::text, '|' order by x.id) from alerts x where x.owner_id = ${ownerId}),
      (select string_agg(m::text, '|' order by m.id) from documents m where m.owner_id = ${ownerId}),
      (select string_agg(f::text, '|' order by f.document_id) from document_files f where f.owner_id = ${ownerId}),
      (select string_agg(g::text, '|') from document_settings g where g.owner_id = ${ownerId}),
      (select string_agg(t::text, '|') from tracking_settings t where t.owner_id = ${ownerId}),
      (select string_agg(k::text, '|' order by k.id) from blocked_phones k where k.owner_id = ${ownerId})
    )) as sum`.execute(db);
  return rows[0].sum;
}

export interface TableSnapshot {
  rows: number;
  checksum: string;
}

/** Every application table (not the migrator's, not the login throttle's counters): rows and checksum. */
export async function databaseSnapshot(db: Kysely<Database>): Promise<Record<string, TableSnapshot>> {
  const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely%' and table_name <> 'login_limits'
    order by table_name`.execute(db);
  const snapshot: Record<string, TableSnapshot> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ rows: number; checksum: string }>`select count(*)::int as rows,
        md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as checksum from ${sql.table(name)} t`.execute(db);
    snapshot[name] = { rows: Number(rows[0].rows), checksum: rows[0].checksum };
  }
  return snapshot;
}
