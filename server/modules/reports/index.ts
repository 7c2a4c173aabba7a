/**
 * The reports module's door (issue 21): per-shift summaries — trips, stops, kilometres after a
 * GPS-jump filter — kept in shift_summaries, computed once per ended shift.
 *
 * - reportsModule: the HTTP route, the summary of each shift as it ends (the shift service's
 *   onEnded), and the background pass for shifts that have none (started when the server listens,
 *   stopped when it closes).
 * - summarizeShift(db, shiftId): computes and keeps one ended shift's summary.
 * - summarizeTrail: the pure detection, for replay and reports that hold a trail already.
 */
export { summarizeTrail, type TrailSummary } from './summarizeTrail';
export { summarizeShift, shiftSummaryForOwner } from './summaryService';
export { createSummaryBackfill, type BackfillOptions, type SummaryBackfill } from './summaryBackfill';
export { reportsModule } from './module';
export { measuredMetresByVehicle, type DistanceSince } from './vehicleDistance';
