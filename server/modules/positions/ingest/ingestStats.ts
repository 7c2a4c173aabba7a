/**
 * The ingest route writes no log line per request (at thousands a second the log would cost more
 * than the work): it counts, and logs one summary a minute when something happened. Errors are
 * still logged one by one by the server's error handler.
 */
import type { FastifyBaseLogger } from 'fastify';

export const SUMMARY_EVERY_MS = 60_000;

export class IngestStats {
  requests = 0;
  accepted = 0;
  ignored = 0;
  refused = 0;
  /** Points dropped for being older than the ingest's age limit (a wrong clock, a stale queue): never stored, never a shift. */
  tooOld = 0;
  flushes = 0;
  /** What earlier summaries counted (the fields above start again at 0 after each). */
  private readonly before = { accepted: 0, ignored: 0, refused: 0, tooOld: 0 };
  private timer: NodeJS.Timeout | null = null;

  /** Counts since the process started (the metrics' counters). */
  sinceStart(): { accepted: number; ignored: number; refused: number; tooOld: number } {
    const { before } = this;
    return { accepted: before.accepted + this.accepted, ignored: before.ignored + this.ignored, refused: before.refused + this.refused, tooOld: before.tooOld + this.tooOld };
  }

  start(log: FastifyBaseLogger, everyMs = SUMMARY_EVERY_MS, onTick?: () => void): void {
    this.timer = setInterval(() => {
      onTick?.();
      this.logSummary(log, everyMs);
    }, everyMs);
    this.timer.unref();
  }

  logSummary(log: FastifyBaseLogger, periodMs: number): void {
    if (this.requests + this.refused + this.tooOld === 0) return;
    log.info(
      { requests: this.requests, accepted: this.accepted, ignored: this.ignored, refused: this.refused, tooOld: this.tooOld, flushes: this.flushes, periodMs },
      'ingest: resumen de ubicaciones recibidas',
    );
    Object.assign(this.before, this.sinceStart());
    this.requests = this.accepted = this.ignored = this.refused = this.tooOld = this.flushes = 0;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
