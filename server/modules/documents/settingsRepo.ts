/** A fleet's settings for documents: no row means the defaults (dispatch blocks, 60 days, reminders at 30/15/7/1/0 days at 09:00). */
import type { Kysely } from 'kysely';
import { DEFAULT_REMINDER_DAYS, type DispatchDocumentMode, type DocumentSettings } from '../../../contract/documents';
import type { Database } from '../../platform/db/schema';

export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  dispatch_mode: 'bloquear',
  window_days: 60,
  max_vehicle_age_years: null,
  reminder_days: DEFAULT_REMINDER_DAYS,
  reminder_hour: 9,
};

export async function readDocumentSettings(db: Kysely<Database>, ownerId: number): Promise<DocumentSettings> {
  const row = await db.selectFrom('document_settings').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row) return DEFAULT_DOCUMENT_SETTINGS;
  return {
    dispatch_mode: row.dispatch_mode as DispatchDocumentMode,
    window_days: row.window_days,
    max_vehicle_age_years: row.max_vehicle_age_years,
    reminder_days: row.reminder_days,
    reminder_hour: row.reminder_hour,
  };
}

export async function writeDocumentSettings(db: Kysely<Database>, ownerId: number, settings: DocumentSettings): Promise<void> {
  const values = {
    dispatch_mode: settings.dispatch_mode,
    window_days: settings.window_days,
    max_vehicle_age_years: settings.max_vehicle_age_years,
    reminder_days: JSON.stringify(settings.reminder_days),
    reminder_hour: settings.reminder_hour,
    updated_at: new Date(),
  };
  await db
    .insertInto('document_settings')
    .values({ owner_id: ownerId, ...values })
    .onConflict((c) => c.column('owner_id').doUpdateSet(values))
    .execute();
}
