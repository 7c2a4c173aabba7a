/** Shifts as the desk sees them (GET /shifts/active, POST /shifts/:id/end) and the driver ends them. */
import { z } from 'zod';
import './zodConfig';
import { isoTime } from './fields';

export const shiftSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int().nullable(),
  vehicle_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  rut: z.string(),
  plate_number: z.string().nullable(),
  start_time: isoTime,
  end_time: isoTime.nullable(),
  duration_seconds: z.number().int().nullable(),
  is_active: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  last_location_time: isoTime.nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

/**
 * GET /shifts/active and GET /shifts/history. `count` is always the number of rows sent.
 * History answers a page at a time (`limit`, `offset`), newest first: `total` is how many shifts the
 * filters select (counted exactly up to 1,000 past the page; `total_exact` is false beyond, and
 * `total` is then a lower bound), `next_offset` the offset of the next page (null on the last one). `limited` is
 * kept for clients written before paging: true when more pages follow.
 */
export const shiftsResponseSchema = z.object({
  shifts: z.array(shiftSchema),
  count: z.number().int(),
  /** History only: how many shifts the filters select, over every page. */
  total: z.number().int().optional(),
  /** History only: false when more shifts match than `total` (the count stops 1,000 past the page). */
  total_exact: z.boolean().optional(),
  /** History only: the `offset` that asks for the next page; null on the last page. */
  next_offset: z.number().int().nullable().optional(),
  /** History only, for clients from before paging: next_offset !== null. */
  limited: z.boolean().optional(),
});
export type ShiftsResponse = z.infer<typeof shiftsResponseSchema>;
/** GET /shifts/active: every active shift, no paging. */
export const activeShiftsResponseSchema = shiftsResponseSchema.pick({ shifts: true, count: true });

/** One shift after a change: POST /shifts/:id/end, POST /driver/shifts/start and /end. */
export const shiftResponseSchema = z.object({ shift: shiftSchema });
export type ShiftResponse = z.infer<typeof shiftResponseSchema>;
