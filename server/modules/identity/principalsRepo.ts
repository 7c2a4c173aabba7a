/**
 * The people who sign in at a desk, whichever table holds them: the fleet's owner (Dueño, in
 * `owners`) or a desk account (in `desk_users`). A session is valid while the account exists, is
 * active and its token_version still matches the token's.
 */
import type { Kysely } from 'kysely';
import type { DeskRole, User } from '../../../contract/entities';
import type { DeskClaims, OwnerClaims } from './tokens';
import type { Database } from '../../platform/db/schema';
import { getOwner } from './ownersRepo';

/** request.user: who is calling, with which role, for which fleet (ownerId = the fleet's owner id). */
export interface RequestUser {
  id: number;
  role: DeskRole;
  ownerId: number;
  /** "Nombre Apellido", for the activity log. */
  name: string;
  tokenVersion: number;
}

export async function loadPrincipal(db: Kysely<Database>, claims: OwnerClaims | DeskClaims): Promise<RequestUser | null> {
  const ver = claims.ver ?? 0;
  if (claims.role === 'owner') {
    const row = await db
      .selectFrom('owners')
      .select(['id', 'first_name', 'last_name', 'token_version'])
      .where('id', '=', claims.sub)
      .executeTakeFirst();
    if (!row || row.token_version !== ver) return null;
    return { id: row.id, role: 'dueño', ownerId: row.id, name: `${row.first_name} ${row.last_name}`, tokenVersion: row.token_version };
  }
  const row = await db
    .selectFrom('desk_users')
    .select(['id', 'owner_id', 'role', 'first_name', 'last_name', 'token_version'])
    .where('id', '=', claims.sub)
    .where('owner_id', '=', claims.ownerId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.token_version !== ver) return null;
  return { id: row.id, role: row.role, ownerId: row.owner_id, name: `${row.first_name} ${row.last_name}`, tokenVersion: row.token_version };
}

/** The token claims that sign this person in. */
export function claimsFor(user: Pick<RequestUser, 'id' | 'role' | 'ownerId' | 'tokenVersion'>): OwnerClaims | DeskClaims {
  return user.role === 'dueño'
    ? { role: 'owner', sub: user.id, ver: user.tokenVersion }
    : { role: 'desk', sub: user.id, ownerId: user.ownerId, ver: user.tokenVersion };
}

/** The login/me `user`: the fleet's fields (company_name, fleet_code...) with the person's own over them. */
export async function sessionUser(db: Kysely<Database>, user: Pick<RequestUser, 'id' | 'role' | 'ownerId'>): Promise<User | null> {
  const fleet = await getOwner(db, user.ownerId);
  if (!fleet) return null;
  if (user.role === 'dueño') return { ...fleet, role: 'dueño' };
  const person = await db
    .selectFrom('desk_users')
    .select(['id', 'rut', 'first_name', 'last_name', 'email', 'role'])
    .where('id', '=', user.id)
    .where('owner_id', '=', user.ownerId)
    .executeTakeFirst();
  return person ? { ...fleet, ...person } : null;
}

export async function passwordHashOf(db: Kysely<Database>, user: Pick<RequestUser, 'id' | 'role'>): Promise<string | null> {
  const row =
    user.role === 'dueño'
      ? await db.selectFrom('owners').select('password_hash').where('id', '=', user.id).executeTakeFirst()
      : await db.selectFrom('desk_users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
  return row?.password_hash ?? null;
}

/** The person's own new password. */
export async function changePassword(db: Kysely<Database>, user: Pick<RequestUser, 'id' | 'role'>, passwordHash: string): Promise<void> {
  const table = user.role === 'dueño' ? 'owners' : 'desk_users';
  await db.updateTable(table).set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
}
