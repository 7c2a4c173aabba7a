/**
 * Group commit: requests hand their points to the queue and wait; a flush writes everything queued
 * so far (see flushPoints.ts) and then resolves every waiting request, so a request is acknowledged
 * only after its points are committed. While flushes run, new points gather for the next one: the
 * busier the server, the bigger (and cheaper per point) each flush.
 *
 * - When idle, a flush starts on the next turn of the event loop (setImmediate): every request
 *   parsed in this turn joins it, and no fixed timer adds latency.
 * - When a flush commits, what queued meanwhile goes out at once: it has gathered for a whole flush
 *   already, and waiting for the event loop's next turn would leave the database idle while this
 *   thread answers requests (on PGlite's one connection, half the time).
 * - Up to `concurrency` flushes may be in flight (PostgreSQL: a flush mostly waits for its commit's
 *   WAL flush to disk, and concurrent commits share one). A key (the shift) is in at most one
 *   flush at a time: concurrent flushes never touch the same rows, so they neither wait on each
 *   other's locks nor deadlock, and a shift's points are written in order.
 */
import type { StoredPoint } from './flushPoints';

interface Waiting {
  key: number;
  points: StoredPoint[];
  resolve(): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions<R> {
  /** Writes one flush; what it returns goes to onCommitted. */
  write(points: StoredPoint[]): Promise<R>;
  onCommitted(result: R): void;
  /** Flush at once when this many points are queued. */
  maxPoints: number;
  /** Flushes in flight at most. */
  concurrency?: number;
}

export class GroupCommitQueue<R> {
  private queued: Waiting[] = [];
  private queuedPoints = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly busyKeys = new Set<number>();
  private timer: NodeJS.Immediate | null = null;
  private readonly concurrency: number;
  flushes = 0;

  constructor(private readonly options: GroupCommitOptions<R>) {
    this.concurrency = Math.max(1, options.concurrency ?? 1);
  }

  /** Resolves once the points are committed; rejects if their flush failed. `key`: the shift. */
  submit(key: number, points: StoredPoint[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ key, points, resolve, reject });
      this.queuedPoints += points.length;
      this.schedule();
    });
  }

  /** Resolves when everything queued so far is written (shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size || this.queued.length) {
      if (this.timer) {
        clearImmediate(this.timer);
        this.timer = null;
      }
      if (this.inFlight.size < this.concurrency) this.startFlush();
      if (this.inFlight.size) await Promise.race(this.inFlight);
    }
  }

  private schedule(): void {
    if (this.inFlight.size >= this.concurrency) return; // a flush that ends starts the next one
    if (this.queuedPoints >= this.options.maxPoints) {
      if (this.timer) clearImmediate(this.timer);
      this.timer = null;
      this.startFlush();
      return;
    }
    this.timer ??= setImmediate(() => {
      this.timer = null;
      if (this.inFlight.size < this.concurrency) this.startFlush();
    });
  }

  private startFlush(): void {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    let laterPoints = 0;
    for (const waiting of this.queued) {
      if (this.busyKeys.has(waiting.key)) {
        later.push(waiting);
        laterPoints += waiting.points.length;
      } else batch.push(waiting);
    }
    this.queued = later;
    this.queuedPoints = laterPoints;
    if (!batch.length) return;
    const keys = new Set(batch.map((waiting) => waiting.key));
    keys.forEach((key) => this.busyKeys.add(key));
    const flushing: Promise<void> = this.flush(batch).finally(() => {
      this.inFlight.delete(flushing);
      keys.forEach((key) => this.busyKeys.delete(key));
      if (this.queued.length) this.startFlush();
    });
    this.inFlight.add(flushing);
  }

  private async flush(batch: Waiting[]): Promise<void> {
    this.flushes++;
    let result: R;
    try {
      result = await this.options.write(batch.flatMap((waiting) => waiting.points));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // One bad request must not fail everyone's: write each alone, so only its own fails.
      for (const waiting of batch) await this.flush([waiting]);
      return;
    }
    batch.forEach((waiting) => waiting.resolve());
    this.options.onCommitted(result);
  }
}
