/**
 * Tokens whose signature was checked, by their exact text, until their expiry: the same text
 * verifies the same way every time, so only the clock can change the answer. Bounded: past
 * `max` entries the oldest verified goes (a fleet's phones each keep one token for 12 hours, so
 * the default holds every session of a large fleet; what falls out is verified again).
 * Failures are not kept: a flood of forged tokens cannot push real sessions out.
 */
export const MAX_VERIFIED_TOKENS = 100_000;

export class VerifiedTokens<T> {
  private readonly entries = new Map<string, { claims: T; expiresAt: number }>();

  constructor(private readonly max = MAX_VERIFIED_TOKENS) {}

  /** The claims of a token verified before and not yet expired, or undefined. */
  get(token: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now >= entry.expiresAt) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  /** `expiresAt`: the token's exp, in ms. */
  set(token: string, claims: T, expiresAt: number): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { claims, expiresAt });
  }

  get size(): number {
    return this.entries.size;
  }
}
