/**
 * Open shifts' trails, kept in memory with their summary (incrementalSummary.ts) and replay
 * columns, so a repeated read costs the points stored since the last one: issue 32 measured a
 * 12-hour open shift's summary at 539 ms a read (PGlite), all of it reading 43,200 points again.
 *
 * Each read asks for the points after the newest kept one (an index range: usually none or a few),
 * then the trail's fingerprint (positions' trailFingerprint: its row count is an index-only count,
 * the one part of a read that grows with the trail). They are kept only when the counts agree (the
 * tail is all that was added: no late point older than the newest, no pack, no retention);
 * anything else reads the whole trail again. So every process's
 * answer is the stored trail's, whichever process stored the points. Reads of one shift take
 * turns (two reads appending the same tail would keep it twice).
 */
import type { Kysely } from 'kysely';
import { readTrail, trailFingerprint, type TrailFingerprint, type TrailPoint } from '../positions';
import type { Database } from '../../platform/db/schema';
import { IncrementalReplay } from './incrementalReplay';
import { IncrementalSummary } from './incrementalSummary';
import type { ReplayColumns } from './replayColumns';
import type { TrailSummary } from './summarizeTrail';

/** ~5 MB each for a 12-hour shift at 1 Hz (points, summary state, replay columns). */
const KEPT_SHIFTS = 8;

interface OpenTrail {
  trail: TrailPoint[];
  /** The fingerprint the kept points are known to match; null when a point came in while they were read. */
  version: string | null;
  chunks: number;
  packed: number;
  summary: IncrementalSummary;
  replay: IncrementalReplay;
  /** Derived answers, each for the trail's length when it was made (points are only appended). */
  summarized?: { length: number; result: TrailSummary };
  columns?: { length: number; columns: ReplayColumns };
}

export interface OpenShiftTrails {
  summary: (shiftId: number) => Promise<TrailSummary>;
  replayColumns: (shiftId: number) => Promise<ReplayColumns>;
  /** How many points were read from the database so far (the bench and tests watch it). */
  readonly pointsRead: number;
}

/** Tries at reading only the new points before reading the whole trail. */
const NEW_POINT_TRIES = 3;

const holds = (fingerprint: TrailFingerprint) => fingerprint.rows + fingerprint.packed;

export function createOpenShiftTrails(db: Kysely<Database>, limit = KEPT_SHIFTS): OpenShiftTrails {
  // Map order is use order: the first key is the least recently read.
  const entries = new Map<number, OpenTrail>();
  const turns = new Map<number, Promise<unknown>>();
  let pointsRead = 0;

  // Whole-trail reads run one at a time in a process, whoever asks: four at once kept the
  // database's one connection (PGlite) busy with their pages and /api/health waited behind them all.
  let wholeReads: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
    const mine = wholeReads.then(task, task);
    wholeReads = mine.catch(() => undefined);
    return mine;
  }

  async function readAll(shiftId: number): Promise<OpenTrail> {
    const trail = await oneAtATime(() => readTrail(db, shiftId));
    pointsRead += trail.length;
    // The fingerprint after the points: one stored in between makes the counts disagree.
    const after = await trailFingerprint(db, shiftId);
    const summary = new IncrementalSummary();
    summary.append(trail);
    return { trail, version: holds(after) === trail.length ? after.version : null, chunks: after.chunks, packed: after.packed, summary, replay: new IncrementalReplay(summary) };
  }

  /** The kept trail brought up to date with the new points only, or null when that cannot be told apart from a change elsewhere. */
  async function readNew(kept: OpenTrail, shiftId: number): Promise<OpenTrail | null> {
    const newest = kept.trail[kept.trail.length - 1];
    // A point stored between the tail and the fingerprint makes the counts disagree too: at 1 Hz a
    // shift often gets one then, so a few tries come before reading the whole trail again.
    for (let attempt = 0; attempt < NEW_POINT_TRIES; attempt += 1) {
      // Stored times have microseconds; a trail point's are cut to milliseconds: after its last one.
      const tail = await readTrail(db, shiftId, newest ? { afterUs: newest.time * 1000 + 999 } : {});
      pointsRead += tail.length;
      const after = await trailFingerprint(db, shiftId);
      if (!tail.length && after.version === kept.version) return kept;
      const onlyAppended = after.chunks === kept.chunks && after.packed === kept.packed && holds(after) === kept.trail.length + tail.length;
      if (!onlyAppended) continue;
      if (!kept.summary.append(tail)) return null;
      for (const point of tail) kept.trail.push(point);
      kept.version = after.version;
      return kept;
    }
    return null;
  }

  async function refresh(shiftId: number): Promise<OpenTrail> {
    const kept = entries.get(shiftId);
    entries.delete(shiftId);
    const entry = (kept && (await readNew(kept, shiftId))) ?? (await readAll(shiftId));
    entries.set(shiftId, entry);
    while (entries.size > limit) entries.delete(entries.keys().next().value as number);
    return entry;
  }

  /** Runs `task` after the shift's earlier reads. */
  function inTurn<T>(shiftId: number, task: () => Promise<T>): Promise<T> {
    const before = turns.get(shiftId) ?? Promise.resolve();
    const mine = before.then(task, task);
    const settled = mine.catch(() => undefined);
    turns.set(shiftId, settled);
    void settled.then(() => {
      if (turns.get(shiftId) === settled) turns.delete(shiftId);
    });
    return mine;
  }

  return {
    summary: (shiftId) =>
      inTurn(shiftId, async () => {
        const entry = await refresh(shiftId);
        if (entry.summarized?.length !== entry.trail.length) entry.summarized = { length: entry.trail.length, result: entry.summary.summary() };
        return entry.summarized.result;
      }),
    replayColumns: (shiftId) =>
      inTurn(shiftId, async () => {
        const entry = await refresh(shiftId);
        if (entry.columns?.length !== entry.trail.length) entry.columns = { length: entry.trail.length, columns: entry.replay.columns() };
        return entry.columns.columns;
      }),
    get pointsRead() {
      return pointsRead;
    },
  };
}
