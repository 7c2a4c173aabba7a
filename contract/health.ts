/** GET /health: for monitoring, no token (200 when the database answers, 503 with ok: false when not). */
import { z } from 'zod';
import './zodConfig';

export const healthResponseSchema = z.object({ ok: z.boolean(), db: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
