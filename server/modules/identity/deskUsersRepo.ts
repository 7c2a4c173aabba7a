/** Desk accounts (Administrador, Operador) of a fleet: every query scoped to the fleet's owner id. */
import type { Kysely } from 'kysely';
import type { DeskUser } from '../../../contract/entities';
import { storedRutBody } from '../../../contract/rut';
import type { Database, DeskUsersTable } from '../../platform/db/schema';
import { principalChanged } from './principalCache';

const listColumns = ['id', 'rut', 'first_name', 'last_name', 'email', 'role', 'is_active', 'created_at'] as const;

type Row = Pick<DeskUsersTable, 'rut' | 'first_name' | 'last_name' | 'email' | 'role'> & {
  id: number;
  is_active: boolean;
  created_at: Date;
};

const toDeskUser = (row: Row): DeskUser => ({ ...row, created_at: row.created_at.toISOString() });

export async function listDeskUsers(db: Kysely<Database>, ownerId: number): Promise<DeskUser[]> {
  const rows = await db
    .selectFrom('desk_users')
    .select(listColumns)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return rows.map(toDeskUser);
}

export async function findDeskUser(db: Kysely<Database>, ownerId: number, id: number): Promise<DeskUser | null> {
  const row = await db
    .selectFrom('desk_users')
    .select(listColumns)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toDeskUser(row) : null;
}

export interface NewDeskUser {
  rut: string;
  passwordHash: string;
  first_name: string;
  last_name: string;
  email: string;
  role: DeskUsersTable['role'];
}

export async function insertDeskUser(db: Kysely<Database>, ownerId: number, user: NewDeskUser): Promise<number> {
  const { passwordHash, ...columns } = user;
  const row = await db
    .insertInto('desk_users')
    .values({ ...columns, owner_id: ownerId, rut_body: storedRutBody(user.rut), password_hash: passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface DeskUserChanges {
  first_name: string;
  last_name: string;
  email: string;
  role: DeskUsersTable['role'];
  is_active?: boolean;
  passwordHash?: string;
  /** Ends every session of the user (deactivation, password reset). */
  endSessions: boolean;
}

export async function updateDeskUser(db: Kysely<Database>, ownerId: number, id: number, changes: DeskUserChanges): Promise<void> {
  const { passwordHash, endSessions, ...columns } = changes;
  await db
    .updateTable('desk_users')
    .set((eb) => ({
      ...columns,
      ...(passwordHash ? { password_hash: passwordHash } : {}),
      ...(endSessions ? { token_version: eb('token_version', '+', 1) } : {}),
    }))
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
  principalChanged('desk', id);
}

export async function softDeleteDeskUser(db: Kysely<Database>, ownerId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('desk_users')
    .set((eb) => ({ deleted_at: new Date(), token_version: eb('token_version', '+', 1) }))
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  principalChanged('desk', id);
  return Number(result.numUpdatedRows) > 0;
}

/** True when the RUT already signs in somewhere: an owner or a live desk account (login needs one match). */
export async function rutSignsIn(db: Kysely<Database>, rut: string): Promise<boolean> {
  const owner = await db.selectFrom('owners').select('id').where('rut', '=', rut).executeTakeFirst();
  if (owner) return true;
  const user = await db.selectFrom('desk_users').select('id').where('rut', '=', rut).where('deleted_at', 'is', null).executeTakeFirst();
  return user !== undefined;
}

export interface DeskLoginCandidate {
  id: number;
  role: DeskUsersTable['role'];
  ownerId: number;
  tokenVersion: number;
  passwordHash: string;
}

/** Active desk accounts a login form's RUT designates (full RUT, or body when typed without check digit). */
export async function findDeskUsersForLogin(db: Kysely<Database>, key: { rut: string } | { body: string }): Promise<DeskLoginCandidate[]> {
  let query = db
    .selectFrom('desk_users')
    .select(['id', 'role', 'owner_id', 'token_version', 'password_hash'])
    .where('deleted_at', 'is', null)
    .where('is_active', '=', true);
  query = 'rut' in key ? query.where('rut', '=', key.rut) : query.where('rut_body', '=', key.body);
  const rows = await query.orderBy('id').limit(2).execute();
  return rows.map((row) => ({ id: row.id, role: row.role, ownerId: row.owner_id, tokenVersion: row.token_version, passwordHash: row.password_hash }));
}
