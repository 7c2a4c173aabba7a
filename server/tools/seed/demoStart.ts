/**
 * What the start banner and the built-in simulator need of the demo fleet, read from the database:
 * its fleet code (a data folder from before fleet codes got a random one at migration 0004, not
 * LIGUA1) and the demo drivers that still sign in with the demo password. The password is checked
 * here, in-process, so the simulator never sends a login that fails: none of its logins is ever
 * counted by the login throttle as an attack.
 */
import type { Kysely } from 'kysely';
import { verifyPassword } from '../../modules/identity/passwords';
import type { Database } from '../../platform/db/schema';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, demoDriverRuts } from './demoFleet';

export interface DemoStart {
  fleetCode: string;
  /** Demo drivers, live and active, whose password is still the demo one. */
  ruts: string[];
}

/** Null when there is no demo fleet (a real owner's data). */
export async function demoStart(db: Kysely<Database>): Promise<DemoStart | null> {
  const owner = await db.selectFrom('owners').select(['id', 'fleet_code']).where('rut', '=', DEMO_OWNER_RUT).executeTakeFirst();
  if (!owner) return null;
  const demoRuts = demoDriverRuts();
  const drivers = await db
    .selectFrom('drivers')
    .select(['rut', 'password_hash'])
    .where('owner_id', '=', owner.id)
    .where('rut', 'in', demoRuts)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', true)
    .execute();
  const signsIn = new Set<string>();
  for (const driver of drivers) if (await verifyPassword(DEMO_PASSWORD, driver.password_hash)) signsIn.add(driver.rut);
  return { fleetCode: owner.fleet_code, ruts: demoRuts.filter((rut) => signsIn.has(rut)) };
}
