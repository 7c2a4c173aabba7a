/**
 * An open shift's summary kept as its points arrive, so a read costs the points that came since
 * the last one and not the whole trail (issue 32: 43,200 points recomputed on every read).
 * It gives exactly what summarizeTrail gives for the same trail (the test compares both on
 * random tracks): each stage of detection goes on from where it stood, and only what the newest
 * points can still change is done again:
 * - the jump filter decides a point once the next accurate point is known; the last one waits;
 * - the stop scan starts again at its first pass that read a point not yet decided (detectStops.ts);
 * - each movement's distance walk goes on from its last decided point (measureDistance.ts).
 * Points must come in time order; append refuses an older one, and the caller starts again.
 */
import type { TrailPoint } from '../positions';
import { detectionOptions, type DetectionOptions } from '../positions';
import { detectMoves } from './detectMoves';
import { NEW_SCAN, scanStops, type StopScan } from './detectStops';
import { impliedSpeedKmh } from '../positions';
import { continueWalk, startWalk, type MeasureWalk } from './measureDistance';
import { presentSummary, type TrailSummary } from './summarizeTrail';

export class IncrementalSummary {
  private readonly options: DetectionOptions;
  private trailLength = 0;
  private lastTime = -Infinity;
  /** Points the jump filter kept for good: each had its next accurate point to judge it by. */
  private readonly decided: TrailPoint[] = [];
  /** The newest accurate point: kept while nothing follows it (as filterJumps keeps a trail's last). */
  private pending: TrailPoint | null = null;
  private stopScan: StopScan = NEW_SCAN;
  /** Each movement's distance walk by its first point, and the whole trail's: stopped at their last decided point. */
  private moveWalks = new Map<number, MeasureWalk>();
  private trailWalk: MeasureWalk = startWalk(0);

  constructor(options: Partial<DetectionOptions> = {}) {
    this.options = detectionOptions(options);
  }

  get points(): number {
    return this.trailLength;
  }

  /** The points the jump filter keeps, as filterJumps gives them: `decided` only grows; `pending` may still go. */
  get filtered(): { decided: readonly TrailPoint[]; pending: TrailPoint | null } {
    return { decided: this.decided, pending: this.pending };
  }

  /** Adds points newer than every point so far (oldest first). False, and nothing added, when one is not. */
  append(points: readonly TrailPoint[]): boolean {
    let last = this.lastTime;
    for (const point of points) {
      if (point.time < last) return false;
      last = point.time;
    }
    for (const point of points) this.add(point);
    return true;
  }

  private add(point: TrailPoint): void {
    this.trailLength += 1;
    this.lastTime = point.time;
    if (point.accuracy !== null && point.accuracy > this.options.maxAccuracyM) return;
    const waiting = this.pending;
    this.pending = point;
    if (!waiting) return;
    // filterJumps' rule for `waiting`, now that its next accurate point is known.
    const previous = this.decided[this.decided.length - 1];
    const isJump =
      previous !== undefined &&
      impliedSpeedKmh(previous, waiting) > this.options.maxSpeedKmh &&
      impliedSpeedKmh(previous, point) <= this.options.maxSpeedKmh;
    if (!isJump) this.decided.push(waiting);
  }

  /** The summary of every point appended so far. */
  summary(): TrailSummary {
    const { options } = this;
    const points = this.decided;
    const settled = points.length;
    if (this.pending) points.push(this.pending);
    try {
      const scan = scanStops(points, options, this.stopScan, settled);
      this.stopScan = scan.checkpoint;
      // Kept only up to the last decided point: the pending one may still turn out a jump.
      const walkTo = (kept: MeasureWalk | undefined, from: number, to: number) =>
        continueWalk(points, !kept || kept.index > to ? startWalk(from) : kept, Math.min(to, settled - 1), options);
      const moveWalks = new Map<number, MeasureWalk>();
      const moves = detectMoves(points, scan.stops, options, (from, to) => {
        const walk = walkTo(this.moveWalks.get(from), from, to);
        moveWalks.set(from, walk);
        return continueWalk(points, walk, to, options);
      });
      this.moveWalks = moveWalks;
      this.trailWalk = walkTo(this.trailWalk, 0, points.length - 1);
      const distanceM = points.length ? continueWalk(points, this.trailWalk, points.length - 1, options).distanceM : 0;
      return presentSummary({ trailLength: this.trailLength, points, ignored: this.trailLength - points.length, stopSpans: scan.stops, moves, distanceM });
    } finally {
      if (this.pending) points.pop();
    }
  }
}
