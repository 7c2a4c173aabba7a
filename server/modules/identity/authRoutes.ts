/**
 * POST /api/auth/login, GET /api/auth/me and PUT /api/auth/password, for every desk role (the access
 * guard signs the caller in for the last two).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { LoginResponse, MeResponse } from '../../../contract/api';
import { signedInUser } from './authenticate';
import { checkLogin } from './checkLogin';
import { hashPassword, verifyPassword } from './passwords';
import { signToken } from './tokens';
import type { Database } from '../../platform/db/schema';
import type { LoginThrottle } from '../../platform/edge/loginThrottle';
import { HttpError, Messages } from '../../platform/errors';
import { findDeskUsersForLogin } from './deskUsersRepo';
import { findOwnerForLogin } from './ownersRepo';
import { changePassword, claimsFor, passwordHashOf, sessionUser } from './principalsRepo';
import { routeSpecs } from './routeSpecs';

export const PasswordMessages = {
  wrongCurrent: 'La contraseña actual no es correcta',
  sameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
} as const;

export interface AuthRoutesOptions {
  db: Kysely<Database>;
  jwtSecret: string;
  throttle: LoginThrottle;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, jwtSecret, throttle }) => {
  app.post('/auth/login', routeSpecs.login, async (request): Promise<LoginResponse> => {
    // The owner (Dueño) and the desk accounts sign in on the same form with their RUT.
    const account = await checkLogin({
      throttle,
      request,
      body: request.body,
      find: async (key) => {
        const owner = await findOwnerForLogin(db, key);
        const desk = await findDeskUsersForLogin(db, key);
        const ownerAccount = owner && { id: owner.user.id, role: 'dueño' as const, ownerId: owner.user.id, tokenVersion: owner.tokenVersion, passwordHash: owner.passwordHash };
        return ownerAccount ? [ownerAccount, ...desk] : desk;
      },
      passwordHash: (found) => found.passwordHash,
    });
    const user = await sessionUser(db, account);
    if (!user) throw new HttpError(401, Messages.badCredentials);
    return { token: await signToken(claimsFor(account), jwtSecret), user };
  });

  app.get('/auth/me', routeSpecs.me, async (request): Promise<MeResponse> => {
    const user = await sessionUser(db, signedInUser(request));
    if (!user) throw new HttpError(401, Messages.sessionExpired);
    return { user };
  });

  // Changing one's own password keeps every session open (the open map's socket reconnects with
  // the token it started with); the owner's reset of a desk user's password is what ends sessions.
  app.put('/auth/password', routeSpecs.changePassword, async (request): Promise<{ ok: true }> => {
    const me = signedInUser(request);
    const body = request.body;
    // A wrong current password is a 400 on the field, not a 401: the session itself is fine.
    const stored = await passwordHashOf(db, me);
    if (!stored || !(await verifyPassword(body.current_password, stored))) {
      throw new HttpError(400, PasswordMessages.wrongCurrent, { current_password: PasswordMessages.wrongCurrent });
    }
    if (body.current_password === body.new_password) {
      throw new HttpError(400, PasswordMessages.sameAsCurrent, { new_password: PasswordMessages.sameAsCurrent });
    }
    await changePassword(db, me, await hashPassword(body.new_password));
    return { ok: true };
  });
};
