/**
 * services.documents: what the modules above ask of documents. Dispatch asks which taxis an expired
 * required document keeps out (or only warns about, per the fleet's setting); alerts' reminders ask
 * what expires. "Today" is the fleet's calendar day (TZ_FLEET) on the injectable clock.
 *
 * Dispatch asks before every candidate search, and the answer reads two tables (issue 43): it is
 * kept per fleet and per fleet day, shared by every DocumentRules of the same database. It goes
 * when this module writes a document or the settings (changed(), after the commit), when a driver
 * changes (identity's driverChanged: a licence date typed on the driver; other processes' too, by
 * LISTEN on PostgreSQL), at the fleet's midnight (the key is the day), and after `ttlMs` in any
 * case: another process's document edits on PostgreSQL, and a vehicle's new plate in a reason.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { zonedDate } from '../../platform/timeZone';
import { onDriverChanged } from '../identity';
import { expiredRequired, type DocumentBlocks } from './expiries';
import { readDocumentSettings } from './settingsRepo';

export interface DocumentRules {
  today(): string;
  blocks(ownerId: number): Promise<DocumentBlocks>;
  /** The fleet's documents or settings changed (call once committed). */
  changed(ownerId: number): void;
}

/** How long a fleet's blocks are kept at most (another process's edits, a vehicle renamed). */
export const BLOCKS_TTL_MS = 5000;

interface Kept {
  day: string;
  at: number;
  blocks: Promise<DocumentBlocks>;
}

/** One cache per database, whichever module asked for the rules. */
const caches = new WeakMap<object, Map<number, Kept>>();

function cacheOf(db: object): Map<number, Kept> {
  let cache = caches.get(db);
  if (!cache) {
    const created = new Map<number, Kept>();
    cache = created;
    caches.set(db, created);
    // A driver id does not say its fleet: every fleet's copy goes (a shift's start or end says so too; reading again is cheap).
    onDriverChanged(() => created.clear());
  }
  return cache;
}

export function createDocumentRules(db: Kysely<Database>, clock: Clock, timeZone: string, ttlMs = BLOCKS_TTL_MS): DocumentRules {
  const today = () => zonedDate(clock.now(), timeZone);
  const cache = cacheOf(db);
  return {
    today,
    blocks(ownerId) {
      const day = today();
      const kept = cache.get(ownerId);
      if (kept && kept.day === day && Date.now() - kept.at < ttlMs) return kept.blocks;
      const blocks = Promise.all([readDocumentSettings(db, ownerId), expiredRequired(db, ownerId, day)]).then(([settings, expired]) => ({ mode: settings.dispatch_mode, ...expired }));
      const entry = { day, at: Date.now(), blocks };
      cache.set(ownerId, entry);
      blocks.catch(() => cache.get(ownerId) === entry && cache.delete(ownerId));
      return blocks;
    },
    changed(ownerId) {
      cache.delete(ownerId);
    },
  };
}
