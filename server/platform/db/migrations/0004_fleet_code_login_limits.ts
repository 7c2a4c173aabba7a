/**
 * Fleet codes: a driver signs in within one fleet (see docs/api.md, "Driver identity"). Existing
 * owners get a random code here; new ones get theirs from insertOwner.
 * login_limits: the login throttle's counters, shared by every server process on one PostgreSQL.
 */
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Copied, not imported: a migration must not change when the code it came with does.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const code = () => Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('owners').addColumn('fleet_code', 'text').execute();
  const owners: { id: number }[] = await db.selectFrom('owners').select('id').execute();
  const used = new Set<string>();
  for (const { id } of owners) {
    let next = code();
    while (used.has(next)) next = code();
    used.add(next);
    await db.updateTable('owners').set({ fleet_code: next }).where('id', '=', id).execute();
  }
  await sql`alter table owners alter column fleet_code set not null`.execute(db);
  await db.schema.createIndex('owners_fleet_code_uq').on('owners').column('fleet_code').unique().execute();

  await db.schema
    .createTable('login_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_limits_reset_idx').on('login_limits').column('reset_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_limits').ifExists().execute();
  await sql`drop index if exists owners_fleet_code_uq`.execute(db);
  await db.schema.alterTable('owners').dropColumn('fleet_code').execute();
}
