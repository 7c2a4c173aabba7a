/** The desk's history: GET /shifts/history and a shift's trail, GET /shifts/:id/locations. */
import { z } from 'zod';
import './zodConfig';
import { isIsoDate, MAX_ID } from './common';
import { locationPointSchema } from './positions';
import { shiftsResponseSchema } from './shifts';

/** The most rows one GET /shifts/history answer carries. */
export const HISTORY_MAX_ROWS = 1000;

export const historyQuerySchema = z
  .object({
    driver_id: z.coerce
      .number({ error: 'Conductor inválido' })
      .int('Conductor inválido')
      .positive('Conductor inválido')
      .max(MAX_ID, 'Conductor inválido')
      .optional(),
    // `error` also covers a parameter sent twice (an array), which is no date either.
    start_date: z.string({ error: 'Fecha Inicio inválida' }).refine(isIsoDate, 'Fecha Inicio inválida').optional(),
    end_date: z.string({ error: 'Fecha Fin inválida' }).refine(isIsoDate, 'Fecha Fin inválida').optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: 'La Fecha Fin no puede ser anterior a la Fecha Inicio',
    path: ['end_date'],
  });
export type HistoryQuery = z.input<typeof historyQuerySchema>;
/** GET /shifts/history always says how many match and whether the answer was cut. */
export const historyResponseSchema = shiftsResponseSchema.required({ total: true, limited: true });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/**
 * A shift's trail, oldest first. A long trail comes simplified (evenly thinned to at most
 * MAX_TRAIL_POINTS, first and last point kept): `simplified` says so and `total` counts every
 * stored point. `?limit=&after=` pages through the exact trail instead (next page: `next_after`).
 */
export const shiftLocationsResponseSchema = z.object({
  locations: z.array(locationPointSchema),
  total: z.number().int().optional(),
  simplified: z.boolean().optional(),
  /** Exact paging only: the cursor of the next page, null on the last one. */
  next_after: z.string().nullable().optional(),
});
export type ShiftLocationsResponse = z.infer<typeof shiftLocationsResponseSchema>;
/** At most this many points per GET /shifts/:id/locations answer. */
export const MAX_TRAIL_POINTS = 5000;
export const shiftLocationsQuerySchema = z.object({
  limit: z.coerce.number().int('Límite inválido').min(1, 'Límite inválido').max(MAX_TRAIL_POINTS, `El límite es a lo más ${MAX_TRAIL_POINTS}`).optional(),
  after: z
    .string()
    .refine((t) => !Number.isNaN(Date.parse(t)), 'Cursor inválido')
    .optional(),
});
