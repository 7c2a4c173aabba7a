/**
 * In-memory limit on failed logins per IP + RUT: more than MAX_FAILURES within the window blocks
 * further attempts until the oldest failure ages out. One process only; good enough for a desk app.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = MAX_FAILURES,
    private readonly windowMs = WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.maxFailures;
  }

  recordFailure(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > 10_000) this.prune();
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
