/**
 * For monitoring, no token. GET /health and /health/ready (readiness): 200 when the database answers,
 * 503 with ok: false when it does not or the process is shutting down. GET /health/live (liveness):
 * 200 while the process answers at all, whatever the database.
 */
import { z } from 'zod';
import './zodConfig';

export const healthResponseSchema = z.object({ ok: z.boolean(), db: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const livenessResponseSchema = z.object({ ok: z.literal(true) });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;
