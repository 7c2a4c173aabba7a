/**
 * Native declarative partitions by week (PostgreSQL and PGlite alike), for tables that grow a row
 * per event and are partitioned `by range (<time column>)` with a DEFAULT partition: each week
 * (Monday 00:00 UTC to the next) is a table of its own, `<table>_w<YYYYMMDD>`. Weeks are created
 * ahead of time, so the ingest never waits on DDL; a row outside every week lands in the default
 * partition and is never refused. An old week left empty (its points packed) is dropped whole:
 * its space goes back at once, without VACUUM and without per-row deletes.
 */
import { sql, type Kysely } from 'kysely';

const WEEK_MS = 7 * 86_400_000;

/** Monday 00:00 UTC of the week holding `time`. */
export function weekStart(time: number): number {
  const day = new Date(time);
  day.setUTCHours(0, 0, 0, 0);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return day.getTime() - sinceMonday * 86_400_000;
}

export const weekPartitionName = (table: string, start: number) => `${table}_w${new Date(start).toISOString().slice(0, 10).replaceAll('-', '')}`;

export interface PartitionedTable {
  table: string;
  /** The range column the table is partitioned by. */
  column: string;
}

/**
 * A table's bytes with its indexes and TOAST, and with its partitions when it has some
 * (pg_total_relation_size of a partitioned table alone is 0; pg_partition_tree of a plain one is empty).
 */
export const tableBytes = (table: string) =>
  sql<number>`coalesce((select sum(pg_total_relation_size(t.relid)) from pg_partition_tree(${table}::regclass) t), pg_total_relation_size(${table}::regclass))::int8`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Runs `work` in a transaction: the caller's (a migration's), or a new one. */
function inTransaction<T>(db: AnyDb, work: (trx: AnyDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

async function existingPartitions(db: AnyDb, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = ${table}`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/**
 * Creates the weeks from the one holding `from` to `weeksAhead` weeks after `now`'s, those still
 * missing. Rows of such a week already in the default partition (a phone whose clock ran ahead)
 * move into it in the same transaction: PostgreSQL refuses a new partition over default rows.
 */
export async function ensureWeeks(db: AnyDb, target: PartitionedTable, options: { from: number; now: number; weeksAhead: number }): Promise<string[]> {
  const have = await existingPartitions(db, target.table);
  const created: string[] = [];
  const last = weekStart(options.now) + options.weeksAhead * WEEK_MS;
  for (let start = weekStart(options.from); start <= last; start += WEEK_MS) {
    const name = weekPartitionName(target.table, start);
    if (have.has(name)) continue;
    const from = new Date(start).toISOString();
    const to = new Date(start + WEEK_MS).toISOString();
    await inTransaction(db, async (trx) => {
      const table = sql.table(target.table);
      const moved = sql.table(`${name}_moving`);
      await sql`create temporary table ${moved} on commit drop as
        with gone as (delete from ${sql.table(`${target.table}_default`)}
          where ${sql.ref(target.column)} >= ${from}::timestamptz and ${sql.ref(target.column)} < ${to}::timestamptz returning *)
        select * from gone`.execute(trx);
      await sql`create table if not exists ${sql.table(name)} partition of ${table} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
      await sql`insert into ${table} select * from ${moved}`.execute(trx);
    });
    created.push(name);
  }
  return created;
}

/** Drops the weeks that ended before `before` and hold no row; a week with rows stays. */
export async function dropEmptyWeeks(db: AnyDb, target: PartitionedTable, before: number): Promise<string[]> {
  const dropped: string[] = [];
  for (const name of [...(await existingPartitions(db, target.table))].sort()) {
    const match = /_w(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (!match) continue;
    const end = Date.parse(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) + WEEK_MS;
    if (end > before) continue;
    // Locked before the look: a late row cannot slip in between the look and the drop.
    const gone = await inTransaction(db, async (trx) => {
      await sql`lock table ${sql.table(name)} in access exclusive mode`.execute(trx);
      const { rows } = await sql`select 1 from ${sql.table(name)} limit 1`.execute(trx);
      if (rows.length) return false;
      await sql`drop table ${sql.table(name)}`.execute(trx);
      return true;
    });
    if (gone) dropped.push(name);
  }
  return dropped;
}
