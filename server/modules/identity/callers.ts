/**
 * Who is calling, as the app needs it (flotaModule.ts's `Callers`): the desk's and the driver's token
 * checks, a socket handshake's person, and the access guard. Desk sessions' accounts are kept in
 * memory only where this process is the database's one writer (the embedded database).
 */
import type { BuildContext, Callers } from '../flotaModule';
import { registerAccessGuard } from './accessGuard';
import { makeAuthenticate, makeAuthenticateDriver, type DriverStates } from './authenticate';
import { createPrincipalCache } from './principalCache';
import { makeSocketIdentity } from './socketIdentity';

export function createCallers({ db, dbKind, config, whenClosing }: BuildContext, drivers: DriverStates): Callers {
  const principals = createPrincipalCache(db, { enabled: dbKind === 'pglite' });
  whenClosing(async () => principals.close());
  const authenticate = makeAuthenticate({ principals, jwtSecret: config.jwtSecret });
  return {
    authenticate,
    authenticateDriver: makeAuthenticateDriver({ jwtSecret: config.jwtSecret, drivers }),
    socketIdentity: makeSocketIdentity({ db, jwtSecret: config.jwtSecret, drivers }),
    guard: (app) => registerAccessGuard(app, authenticate),
  };
}
