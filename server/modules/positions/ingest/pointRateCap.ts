/**
 * Per-shift cap on points per minute: a token bucket per shift holding up to a minute's worth.
 * A phone reporting every second uses a tenth of the default; a phone back from a tunnel can send
 * its buffer at once; a flood is refused (429) until the bucket refills. Per process: with several
 * processes the cap is per process, still bounded.
 */
export class PointRateCap {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes `count` points from the shift's allowance; false (nothing taken) when they do not fit. */
  take(shiftId: number, count: number): boolean {
    const now = this.now();
    const bucket = this.buckets.get(shiftId) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000);
    bucket.at = now;
    this.buckets.set(shiftId, bucket);
    if (bucket.tokens < count) return false;
    bucket.tokens -= count;
    return true;
  }

  /** Seconds until `count` points would fit (for Retry-After). */
  secondsUntil(shiftId: number, count: number): number {
    const bucket = this.buckets.get(shiftId);
    if (!bucket) return 0;
    const missing = Math.min(count, this.perMinute) - bucket.tokens;
    return Math.max(1, Math.ceil((missing * 60) / this.perMinute));
  }

  /** Forgets full buckets (they equal a fresh one): memory stays bounded by active shifts. */
  prune(): void {
    const now = this.now();
    for (const [shiftId, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000 >= this.perMinute) this.buckets.delete(shiftId);
    }
  }
}
