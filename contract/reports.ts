/**
 * Reports (issue 21): a shift's summary with its trips and stops, as GET /shifts/:id/summary
 * answers it. Distances in metres or kilometres, speeds in km/h, durations in whole seconds,
 * times ISO 8601 UTC.
 */
import { z } from 'zod';
import './zodConfig';

const isoTime = z.string();
const seconds = z.number().int().min(0);

/** A movement between two stops (or the shift's edges) of at least 500 m and 300 s (by default). */
export const tripSchema = z.object({
  start_time: isoTime,
  end_time: isoTime,
  duration_seconds: seconds,
  distance_m: z.number().min(0),
  start_latitude: z.number(),
  start_longitude: z.number(),
  end_latitude: z.number(),
  end_longitude: z.number(),
  max_speed_kmh: z.number().min(0),
  average_speed_kmh: z.number().min(0),
});
export type Trip = z.infer<typeof tripSchema>;

/**
 * Standing still: at least 300 s within 50 m of where it began (by default), or a data gap of more
 * than an hour (`data_gap`: the phone sent nothing; counted as stopped, its distance not counted).
 */
export const stopSchema = z.object({
  start_time: isoTime,
  end_time: isoTime,
  duration_seconds: seconds,
  latitude: z.number(),
  longitude: z.number(),
  data_gap: z.boolean(),
});
export type Stop = z.infer<typeof stopSchema>;

export const shiftSummarySchema = z.object({
  shift_id: z.number().int(),
  /** After the GPS-jump filter; legs inside stops and across data gaps are not counted. */
  distance_km: z.number().min(0),
  moving_seconds: seconds,
  stopped_seconds: seconds,
  stops_count: z.number().int().min(0),
  trips_count: z.number().int().min(0),
  max_speed_kmh: z.number().min(0),
  /** Kilometres over moving time. */
  average_speed_kmh: z.number().min(0),
  points_count: z.number().int().min(0),
  /** Points left out: an impossible speed from their neighbours, or a poor reported accuracy. */
  ignored_points: z.number().int().min(0),
  first_point_time: isoTime.nullable(),
  last_point_time: isoTime.nullable(),
  computed_at: isoTime,
  /** true: the shift has ended and this summary is the stored one; false: computed now for an open shift. */
  final: z.boolean(),
});
export type ShiftSummary = z.infer<typeof shiftSummarySchema>;

export const shiftSummaryResponseSchema = z.object({
  summary: shiftSummarySchema,
  trips: z.array(tripSchema),
  stops: z.array(stopSchema),
});
export type ShiftSummaryResponse = z.infer<typeof shiftSummaryResponseSchema>;
