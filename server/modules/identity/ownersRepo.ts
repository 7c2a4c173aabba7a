/** Owners: login lookup, profile, creation. */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FLEET_CODE_ALPHABET, FLEET_CODE_LENGTH } from '../../../contract/fleetCode';
import type { User } from '../../../contract/entities';
import { storedRutBody } from '../../../contract/rut';
import type { Database } from '../../platform/db/schema';

/** The owner's row as the session sees it; the login answer adds the role (dueño). */
export type OwnerProfile = Omit<User, 'role'>;

const userColumns = ['id', 'rut', 'first_name', 'last_name', 'email', 'company_name', 'fleet_code'] as const;

export interface OwnerCredentials {
  user: OwnerProfile;
  passwordHash: string;
  tokenVersion: number;
}

/** The owner a login form's RUT designates: by full RUT, or by body when typed without check digit. */
export async function findOwnerForLogin(
  db: Kysely<Database>,
  key: { rut: string } | { body: string },
): Promise<OwnerCredentials | null> {
  let query = db.selectFrom('owners').select([...userColumns, 'password_hash', 'token_version']);
  query = 'rut' in key ? query.where('rut', '=', key.rut) : query.where('rut_body', '=', key.body);
  const rows = await query.orderBy('id').limit(2).execute();
  // A body alone must designate exactly one owner.
  if (rows.length !== 1) return null;
  const { password_hash, token_version, ...user } = rows[0];
  return { user, passwordHash: password_hash, tokenVersion: token_version };
}

export async function getOwner(db: Kysely<Database>, id: number): Promise<OwnerProfile | null> {
  const row = await db.selectFrom('owners').select(userColumns).where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

export async function ownerExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('owners').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function countOwners(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('owners').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface NewOwner {
  /** Stored form (normalizeRut). */
  rut: string;
  passwordHash: string;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  /** Normally unset: a fresh random code. The demo fleet's is fixed. */
  fleet_code?: string;
}

/** The owner whose fleet code this is (stored form), or null. */
export async function findOwnerIdByFleetCode(db: Kysely<Database>, code: string): Promise<number | null> {
  const row = await db.selectFrom('owners').select('id').where('fleet_code', '=', code).executeTakeFirst();
  return row?.id ?? null;
}

/** A fleet as its public pages show it, by its owner's id: its name and its code; null for no such fleet. */
export async function fleetFace(db: Kysely<Database>, ownerId: number): Promise<{ name: string; code: string } | null> {
  const row = await db.selectFrom('owners').select(['company_name', 'fleet_code']).where('id', '=', ownerId).executeTakeFirst();
  return row ? { name: row.company_name, code: row.fleet_code } : null;
}

/** The fleet whose code (stored form) this is: its owner's id and its name; null for an unknown code. */
export async function fleetByCode(db: Kysely<Database>, code: string): Promise<{ id: number; name: string } | null> {
  const row = await db.selectFrom('owners').select(['id', 'company_name']).where('fleet_code', '=', code).executeTakeFirst();
  return row ? { id: row.id, name: row.company_name } : null;
}

function randomFleetCode(): string {
  return Array.from({ length: FLEET_CODE_LENGTH }, () => FLEET_CODE_ALPHABET[randomInt(FLEET_CODE_ALPHABET.length)]).join('');
}

/** A random code no fleet uses yet (checked first: a unique violation would abort the caller's transaction). */
async function freeFleetCode(db: Kysely<Database>): Promise<string> {
  for (;;) {
    const code = randomFleetCode();
    if ((await findOwnerIdByFleetCode(db, code)) === null) return code;
  }
}

export async function insertOwner(db: Kysely<Database>, owner: NewOwner): Promise<OwnerProfile> {
  const fleetCode = owner.fleet_code ?? (await freeFleetCode(db));
  return db
    .insertInto('owners')
    .values({
      rut: owner.rut,
      rut_body: storedRutBody(owner.rut),
      password_hash: owner.passwordHash,
      first_name: owner.first_name,
      last_name: owner.last_name,
      email: owner.email,
      company_name: owner.company_name,
      fleet_code: fleetCode,
    })
    .returning(userColumns)
    .executeTakeFirstOrThrow();
}

export async function ownerRutTaken(db: Kysely<Database>, rut: string): Promise<boolean> {
  const row = await db.selectFrom('owners').select('id').where('rut', '=', rut).executeTakeFirst();
  return row !== undefined;
}

/** Every fleet's id (its owner's), oldest first: the passes that go fleet by fleet. */
export async function fleetIds(db: Kysely<Database>): Promise<number[]> {
  return (await db.selectFrom('owners').select('id').orderBy('id').execute()).map((row) => row.id);
}

/** Serializes a fleet's writes that count against a limit: its owner's row is locked until the caller's transaction ends. */
export async function lockFleet(trx: Kysely<Database>, ownerId: number): Promise<void> {
  await trx.selectFrom('owners').select('id').where('id', '=', ownerId).forUpdate().executeTakeFirst();
}
