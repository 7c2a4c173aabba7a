/** The desk's history: GET /shifts/history and a shift's trail, GET /shifts/:id/locations. */
import { z } from 'zod';
import './zodConfig';
import { isIsoDate, isPlausibleTimestamp, MAX_ID } from './common';
import { locationPointSchema } from './positions';
import { shiftsResponseSchema } from './shifts';

/** History page size: the default, and the most one page may ask for. */
export const HISTORY_DEFAULT_LIMIT = 100;
export const HISTORY_MAX_LIMIT = 500;

const historyFilterShape = {
  driver_id: z.coerce
    .number({ error: 'Conductor inválido' })
    .int('Conductor inválido')
    .positive('Conductor inválido')
    .max(MAX_ID, 'Conductor inválido')
    .optional(),
  vehicle_id: z.coerce
    .number({ error: 'Vehículo inválido' })
    .int('Vehículo inválido')
    .positive('Vehículo inválido')
    .max(MAX_ID, 'Vehículo inválido')
    .optional(),
  // `error` also covers a parameter sent twice (an array), which is no date either.
  start_date: z.string({ error: 'Fecha Inicio inválida' }).refine(isIsoDate, 'Fecha Inicio inválida').optional(),
  end_date: z.string({ error: 'Fecha Fin inválida' }).refine(isIsoDate, 'Fecha Fin inválida').optional(),
};
const datesInOrder = (q: { start_date?: string; end_date?: string }) => !q.start_date || !q.end_date || q.start_date <= q.end_date;
const datesOutOfOrder = { message: 'La Fecha Fin no puede ser anterior a la Fecha Inicio', path: ['end_date'] };

/** GET /shifts/history.csv: the filters alone (the export carries every shift they select). */
export const historyFilterSchema = z.object(historyFilterShape).refine(datesInOrder, datesOutOfOrder);
export type HistoryFilterQuery = z.input<typeof historyFilterSchema>;

/** GET /shifts/history: the filters and one page. */
export const historyQuerySchema = z
  .object({
    ...historyFilterShape,
    limit: z.coerce
      .number({ error: `Límite inválido (1 a ${HISTORY_MAX_LIMIT})` })
      .int(`Límite inválido (1 a ${HISTORY_MAX_LIMIT})`)
      .min(1, `Límite inválido (1 a ${HISTORY_MAX_LIMIT})`)
      .max(HISTORY_MAX_LIMIT, `Límite inválido (1 a ${HISTORY_MAX_LIMIT})`)
      .default(HISTORY_DEFAULT_LIMIT),
    offset: z.coerce
      .number({ error: 'Desplazamiento inválido' })
      .int('Desplazamiento inválido')
      .min(0, 'Desplazamiento inválido')
      .max(MAX_ID, 'Desplazamiento inválido')
      .default(0),
  })
  .refine(datesInOrder, datesOutOfOrder);
export type HistoryQuery = z.input<typeof historyQuerySchema>;
/** GET /shifts/history always says how many match, where the next page starts, and (for older clients) whether more follow. */
export const historyResponseSchema = shiftsResponseSchema.required({ total: true, total_exact: true, next_offset: true, limited: true });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
/** GET /shifts/history.csv: the file itself (text/csv, BOM, `;`, CRLF; see contract/csv.ts). */
export const historyCsvResponseSchema = z.string().describe('El archivo CSV');

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
    .refine(isPlausibleTimestamp, 'Cursor inválido')
    .optional(),
});
