/**
 * Group commit: requests hand their points to the queue and wait; one flush at a time writes
 * everything queued so far (see flushPoints.ts) and then resolves every waiting request, so a
 * request is acknowledged only after its points are committed. While a flush runs, new points
 * gather for the next one: the busier the server, the bigger (and cheaper per point) each flush.
 */
import type { StoredPoint } from './flushPoints';

interface Waiting {
  points: StoredPoint[];
  resolve(): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions<R> {
  /** Writes one flush; what it returns goes to onCommitted. */
  write(points: StoredPoint[]): Promise<R>;
  onCommitted(result: R): void;
  /** Wait this long after the first queued point before flushing (more points per flush). */
  delayMs: number;
  /** Flush at once when this many points are queued. */
  maxPoints: number;
}

export class GroupCommitQueue<R> {
  private queued: Waiting[] = [];
  private queuedPoints = 0;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  flushes = 0;

  constructor(private readonly options: GroupCommitOptions<R>) {}

  /** Resolves once the points are committed; rejects if their flush failed. */
  submit(points: StoredPoint[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ points, resolve, reject });
      this.queuedPoints += points.length;
      this.schedule();
    });
  }

  /** Resolves when everything queued so far is written (shutdown). */
  async drain(): Promise<void> {
    while (this.flushing || this.queued.length) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      if (!this.flushing) this.startFlush();
      await this.flushing;
    }
  }

  private schedule(): void {
    if (this.flushing) return; // the running flush starts the next one when it ends
    if (this.queuedPoints >= this.options.maxPoints) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.startFlush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      if (!this.flushing) this.startFlush();
    }, this.options.delayMs);
  }

  private startFlush(): void {
    const batch = this.queued;
    this.queued = [];
    this.queuedPoints = 0;
    if (!batch.length) return;
    this.flushing = this.flush(batch).finally(() => {
      this.flushing = null;
      if (this.queued.length) this.schedule();
    });
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
