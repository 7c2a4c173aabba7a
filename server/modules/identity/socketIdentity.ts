/** Who a socket handshake is, for the platform's socket server (which imports no module). */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { SocketIdentity } from '../../platform/realtime/socketServer';
import { socketEventRules } from './accessRules';
import { loadPrincipal } from './principalsRepo';
import type { DriverStates } from './authenticate';
import { verifyDeskToken, verifyDriverToken } from './tokens';

/** `drivers`: the driver cache; with it a live driver's token opens a socket of that driver (despacho's offers). */
export function makeSocketIdentity(options: { db: Kysely<Database>; jwtSecret: string; drivers?: DriverStates }): SocketIdentity {
  return {
    async authenticate(token) {
      const claims = await verifyDeskToken(token, options.jwtSecret);
      if (claims) {
        const user = await loadPrincipal(options.db, claims);
        return user && { id: user.id, ownerId: user.ownerId, role: user.role };
      }
      if (!options.drivers) return null;
      // The same checks as a driver route: deleted, deactivated or reset drivers are refused.
      const driverClaims = await verifyDriverToken(token, options.jwtSecret);
      const state = driverClaims ? await options.drivers.get(driverClaims.sub) : null;
      if (!driverClaims || !state || state.ownerId !== driverClaims.ownerId || state.tokenVersion !== driverClaims.tokenVersion) return null;
      return { id: state.id, ownerId: state.ownerId, role: 'driver' };
    },
    rolesFor: (event) => socketEventRules[event] ?? [],
  };
}
