/** GET /health: for monitoring, no token. */
export interface HealthResponse {
  ok: boolean;
  db: 'pglite' | 'postgres';
}
