/**
 * The demo fleet's desk: one administrator and one operator, with the demo password. Added when
 * missing, so a data folder seeded before desk accounts existed gets them on its next start.
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../../modules/identity/passwords';
import type { Database } from '../../platform/db/schema';
import { insertDeskUser, rutSignsIn } from '../../modules/identity/deskUsersRepo';
import { DEMO_OWNER_RUT, DEMO_PASSWORD } from './demoFleet';

export const DEMO_DESK_USERS = [
  { rut: '55555559', display: '5.555.555-9', role: 'administrador', first_name: 'Javier', last_name: 'Rojas', email: 'javier.rojas@taxislaligua.cl' },
  { rut: '66666662', display: '6.666.666-2', role: 'operador', first_name: 'Daniela', last_name: 'Pérez', email: 'daniela.perez@taxislaligua.cl' },
] as const;

/** Inserts the demo desk accounts the demo fleet lacks; a no-op without the demo fleet. */
export async function ensureDemoDesk(db: Kysely<Database>): Promise<void> {
  const owner = await db.selectFrom('owners').select('id').where('rut', '=', DEMO_OWNER_RUT).executeTakeFirst();
  if (!owner) return;
  const missing = [];
  for (const user of DEMO_DESK_USERS) if (!(await rutSignsIn(db, user.rut))) missing.push(user);
  if (!missing.length) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const { display: _display, ...user } of missing) await insertDeskUser(db, owner.id, { ...user, passwordHash });
}
