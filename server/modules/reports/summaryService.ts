/**
 * Shift summaries: an ended shift's is computed once and kept (summarizeShift, which the shift-end
 * path and the background pass call); an open shift's is kept in memory as its points arrive
 * (openShiftTrails.ts), so a repeated read costs only the new points.
 */
import type { Kysely } from 'kysely';
import type { ShiftSummaryResponse } from '../../../contract/reports';
import type { Database } from '../../platform/db/schema';
import { readTrail } from '../positions';
import type { DetectionOptions } from '../positions';
import type { OpenShiftTrails } from './openShiftTrails';
import { summarizeTrail, type TrailSummary } from './summarizeTrail';
import { findShift, findSummary, saveSummary, type ShiftRef } from './summaryRepo';

function answer(shift: ShiftRef, result: TrailSummary, computedAt: Date): ShiftSummaryResponse {
  return {
    summary: { shift_id: shift.id, ...result.totals, computed_at: computedAt.toISOString(), final: shift.ended },
    trips: result.trips,
    stops: result.stops,
  };
}

async function compute(db: Kysely<Database>, shift: ShiftRef, options: Partial<DetectionOptions>): Promise<ShiftSummaryResponse> {
  const computedAt = new Date();
  const result = summarizeTrail(await readTrail(db, shift.id), options);
  if (shift.ended) await saveSummary(db, shift.id, result, computedAt);
  return answer(shift, result, computedAt);
}

/**
 * Computes a shift's summary from its stored points and, when the shift has ended, keeps it
 * (replacing any earlier one). Call it once the shift's end and its last points are stored.
 * Null for an unknown shift.
 */
export async function summarizeShift(db: Kysely<Database>, shiftId: number, options: Partial<DetectionOptions> = {}): Promise<ShiftSummaryResponse | null> {
  const shift = await findShift(db, shiftId);
  return shift ? compute(db, shift, options) : null;
}

/** What GET /shifts/:id/summary answers: null when the shift is unknown or another owner's. */
export async function shiftSummaryForOwner(db: Kysely<Database>, ownerId: number, shiftId: number, openTrails?: OpenShiftTrails): Promise<ShiftSummaryResponse | null> {
  const shift = await findShift(db, shiftId, ownerId);
  if (!shift) return null;
  if (!shift.ended && openTrails) {
    const computedAt = new Date();
    return answer(shift, await openTrails.summary(shift.id), computedAt);
  }
  if (shift.ended) {
    const stored = await findSummary(db, shift.id);
    if (stored) return stored;
  }
  // An ended shift the background pass has not reached yet is computed (and kept) now.
  return compute(db, shift, {});
}
