/**
 * /api/users: the fleet's desk accounts (Administrador, Operador), managed by the owner only
 * (accessRules.ts). Deactivating, deleting or resetting a password ends the user's sessions at
 * once: the token_version bump refuses their next request, and their open sockets are disconnected.
 * Another fleet's users answer 404, like any other owner's ids.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type DeskUserResponse, type DeskUsersResponse } from '../../../contract/api';
import type { DeskUser } from '../../../contract/entities';
import { normalizeRut } from '../../../contract/rut';
import { recordActivity, type ActivityAction } from './recordActivity';
import { ownerId } from '../identity';
import { hashPassword } from '../identity';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import type { Database } from '../../platform/db/schema';
import { HttpError, Messages } from '../../platform/errors';
import { findDeskUser, insertDeskUser, listDeskUsers, rutSignsIn, softDeleteDeskUser, updateDeskUser } from '../identity';
import { idParam } from '../../platform/params';
import { routeSpecs } from './routeSpecs';

export const UserMessages = {
  notFound: 'Usuario no encontrado',
  rutTaken: 'Ya existe un usuario con ese RUT',
} as const;

export interface UsersRoutesOptions {
  db: Kysely<Database>;
  /** Disconnects the user's open sockets (their HTTP tokens already stopped working). */
  /** Resolves once the account's sockets are gone in every process (sessionRooms.ts). */
  endSessions(user: { id: number; role: DeskUser['role'] }): Promise<void>;
}

const label = (user: Pick<DeskUser, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`;

/** What an update did, for the activity log (one entry per change; the plain edit is "updated"). */
function updateAction(before: DeskUser, after: DeskUser, passwordReset: boolean): ActivityAction {
  if (before.is_active && !after.is_active) return 'deactivated';
  if (!before.is_active && after.is_active) return 'reactivated';
  return passwordReset ? 'password_reset' : 'updated';
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { db, endSessions }) => {
  app.get('/users', routeSpecs.listUsers, async (request): Promise<DeskUsersResponse> => {
    const users = await listDeskUsers(db, ownerId(request));
    return { users, count: users.length };
  });

  app.post('/users', routeSpecs.createUser, async (request, reply): Promise<DeskUserResponse> => {
    const owner = ownerId(request);
    const { password, ...fields } = request.body;
    if (await rutSignsIn(db, fields.rut)) throw new HttpError(409, UserMessages.rutTaken);
    const passwordHash = await hashPassword(password);
    try {
      const user = await db.transaction().execute(async (trx) => {
        const id = await insertDeskUser(trx, owner, { ...fields, passwordHash });
        const created = (await findDeskUser(trx, owner, id)) as DeskUser;
        await recordActivity(trx, request, { entity: 'user', entityId: id, label: label(created), action: 'created', after: created });
        return created;
      });
      reply.code(201);
      return { user };
    } catch (error) {
      if (isUniqueViolation(error, 'desk_users_rut_live_uq')) throw new HttpError(409, UserMessages.rutTaken);
      throw error;
    }
  });

  app.put('/users/:id', routeSpecs.updateUser, async (request): Promise<DeskUserResponse> => {
    const owner = ownerId(request);
    const id = idParam(request.params, UserMessages.notFound);
    const stored = await findDeskUser(db, owner, id);
    if (!stored) throw new HttpError(404, UserMessages.notFound);
    const { rut, password, ...columns } = request.body;
    if (rut != null && (normalizeRut(rut) ?? rut) !== stored.rut) throw new HttpError(400, Messages.rutLocked, { rut: Messages.rutLocked });
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    const endsSessions = passwordHash !== undefined || (stored.is_active && columns.is_active === false) || stored.role !== columns.role;
    const user = await db.transaction().execute(async (trx) => {
      await updateDeskUser(trx, owner, id, { ...columns, passwordHash, endSessions: endsSessions });
      const updated = await findDeskUser(trx, owner, id);
      if (!updated) throw new HttpError(404, UserMessages.notFound);
      const action = updateAction(stored, updated, passwordHash !== undefined);
      await recordActivity(trx, request, { entity: 'user', entityId: id, label: label(updated), action, before: stored, after: updated });
      return updated;
    });
    // After the commit and before the 200: the revoked map hears nothing more once this answers.
    if (endsSessions) await endSessions(stored);
    return { user };
  });

  app.delete('/users/:id', routeSpecs.deleteUser, async (request): Promise<{ ok: true }> => {
    const owner = ownerId(request);
    const id = idParam(request.params, UserMessages.notFound);
    const deleted = await db.transaction().execute(async (trx) => {
      const stored = await findDeskUser(trx, owner, id);
      if (!stored || !(await softDeleteDeskUser(trx, owner, id))) throw new HttpError(404, UserMessages.notFound);
      await recordActivity(trx, request, { entity: 'user', entityId: id, label: label(stored), action: 'deleted', before: stored });
      return stored;
    });
    // After the commit and before the 200, as on PUT.
    await endSessions(deleted);
    return { ok: true };
  });
};
