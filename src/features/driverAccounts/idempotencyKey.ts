/**
 * A key per form filling: sent with every try of the same entry (a double click, a retry after a
 * network error), renewed once the server has stored it. crypto.randomUUID needs a secure context,
 * which an intranet on plain http is not: then time and randomness make one.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
