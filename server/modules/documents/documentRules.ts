/**
 * services.documents: what the modules above ask of documents. Dispatch asks which taxis an expired
 * required document keeps out (or only warns about, per the fleet's setting); alerts' reminders ask
 * what expires. "Today" is the fleet's calendar day (TZ_FLEET) on the injectable clock.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { zonedDate } from '../../platform/timeZone';
import { expiredRequired, type DocumentBlocks } from './expiries';
import { readDocumentSettings } from './settingsRepo';

export interface DocumentRules {
  today(): string;
  blocks(ownerId: number): Promise<DocumentBlocks>;
}

export function createDocumentRules(db: Kysely<Database>, clock: Clock, timeZone: string): DocumentRules {
  const today = () => zonedDate(clock.now(), timeZone);
  return {
    today,
    async blocks(ownerId) {
      const [settings, expired] = await Promise.all([readDocumentSettings(db, ownerId), expiredRequired(db, ownerId, today())]);
      return { mode: settings.dispatch_mode, ...expired };
    },
  };
}
