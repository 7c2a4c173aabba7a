/** Who a socket handshake is, for the platform's socket server (which imports no module). */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { SocketIdentity } from '../../platform/realtime/socketServer';
import { socketEventRules } from './accessRules';
import { loadPrincipal } from './principalsRepo';
import { verifyDeskToken } from './tokens';

export function makeSocketIdentity(options: { db: Kysely<Database>; jwtSecret: string }): SocketIdentity {
  return {
    async authenticate(token) {
      // A driver's token is refused: verifyDeskToken admits owners and desk accounts only.
      const claims = await verifyDeskToken(token, options.jwtSecret);
      const user = claims ? await loadPrincipal(options.db, claims) : null;
      return user && { id: user.id, ownerId: user.ownerId, role: user.role };
    },
    rolesFor: (event) => socketEventRules[event] ?? [],
  };
}
