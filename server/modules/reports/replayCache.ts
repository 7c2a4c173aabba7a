/**
 * The replay's columns of ended shifts, kept in memory: reading and decoding a 12-hour packed trail
 * (43,200 points) took 0.3-0.7 s of the replay's first frame, and an ended shift's trail rarely
 * changes. Each read asks the trail's fingerprint first (positions' trailVersion, one short query):
 * a late point or a pack pass changes it and the columns are made again, so the answer is always
 * the stored trail. An open shift's trail changes every second: openShiftTrails.ts keeps it and
 * reads only the points stored since the last read.
 */
import type { Kysely } from 'kysely';
import { readTrail, trailVersion } from '../positions';
import type { Database } from '../../platform/db/schema';
import type { OpenShiftTrails } from './openShiftTrails';
import { replayColumns, type ReplayColumns } from './replayColumns';

/** ~1.4 MB of columns each for a 12-hour shift at 1 Hz: a few owners' replays open at once. */
const KEPT_SHIFTS = 8;

export interface ReplayCache {
  columns: (shiftId: number, ended: boolean) => Promise<ReplayColumns>;
}

export function createReplayCache(db: Kysely<Database>, openTrails: OpenShiftTrails, limit = KEPT_SHIFTS): ReplayCache {
  // Map order is use order: the first key is the least recently read.
  const entries = new Map<number, { version: string; columns: ReplayColumns }>();
  return {
    async columns(shiftId, ended) {
      if (!ended) return openTrails.replayColumns(shiftId);
      // The fingerprint before the points: a point stored in between makes the next read's differ.
      const version = await trailVersion(db, shiftId);
      const kept = entries.get(shiftId);
      entries.delete(shiftId);
      const entry = kept?.version === version ? kept : { version, columns: replayColumns(await readTrail(db, shiftId)) };
      entries.set(shiftId, entry);
      while (entries.size > limit) entries.delete(entries.keys().next().value as number);
      return entry.columns;
    },
  };
}
