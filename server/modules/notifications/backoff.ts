/**
 * When a failed delivery is tried again: 1, 4, 16, 64 minutes, then every 2 hours (exponential,
 * base 4, capped). With the default 8 attempts the last comes about 7 h 25 min after the first; with
 * the least WEBHOOKS_MAX_ATTEMPTS allows (5), still 85 minutes: at least an hour either way. No
 * jitter: a fleet's deliveries are few, and a test on the injected clock can name each moment.
 */
const FIRST_RETRY_MS = 60_000;
const FACTOR = 4;
const LONGEST_MS = 2 * 3_600_000;

/** The wait after the `attempt`-th attempt (1-based) failed. */
export function retryDelayMs(attempt: number): number {
  return Math.min(LONGEST_MS, FIRST_RETRY_MS * FACTOR ** Math.max(0, attempt - 1));
}
