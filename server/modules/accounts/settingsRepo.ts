/** A fleet's account settings; no row yet means the defaults. */
import type { Kysely } from 'kysely';
import type { AccountSettings } from '../../../contract/accounts';
import type { Database } from '../../platform/db/schema';

export const DEFAULT_ACCOUNT_SETTINGS: Readonly<AccountSettings> = Object.freeze({ charge_days_without_shift: false, behind_days_alert: 3 });

export async function readAccountSettings(db: Kysely<Database>, ownerId: number): Promise<AccountSettings> {
  const row = await db.selectFrom('account_settings').select(['charge_days_without_shift', 'behind_days_alert']).where('owner_id', '=', ownerId).executeTakeFirst();
  return row ?? { ...DEFAULT_ACCOUNT_SETTINGS };
}

export async function writeAccountSettings(db: Kysely<Database>, ownerId: number, settings: AccountSettings): Promise<void> {
  await db
    .insertInto('account_settings')
    .values({ owner_id: ownerId, ...settings })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ ...settings, updated_at: new Date() }))
    .execute();
}
