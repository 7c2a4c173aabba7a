/**
 * Replay and "where was everyone" (issue 21 items 2 and 4): a shift's full trail as compact columns
 * (GET /shifts/:id/replay) and every taxi's last position at a chosen time (GET /positions/at).
 */
import { z } from 'zod';
import './zodConfig';
import { isPlausibleTimestamp } from './common';
import { isoTime } from './fields';

/**
 * A shift's whole trail, oldest point first, as parallel columns of steps (a 12-hour shift at 1 Hz
 * is 43,200 points: steps are small integers, "1000,12,-7," where absolute values were
 * "43199000,-32.451234,-71.234567,", half the answer to write, compress and read).
 * `time_steps_ms[i]` is point i's time minus point i−1's (0 for the first; `start_ms` is the first
 * point's epoch milliseconds); `latitude_steps_e6[i]` and `longitude_steps_e6[i]` likewise in
 * millionths of a degree (11 cm), the first step from 0; `speeds_kmh[i]` is the phone's speed, or
 * the one implied by the last ten seconds' travel when the phone sent none. Points the GPS-jump
 * filter leaves out are not sent. `decodeTrailSteps` turns the steps back into values.
 */
export const shiftReplaySchema = z.object({
  shift_id: z.number().int(),
  driver_name: z.string(),
  plate_number: z.string().nullable(),
  shift_start: isoTime,
  shift_end: isoTime.nullable(),
  start_ms: z.number().int().nullable(),
  time_steps_ms: z.array(z.number().int().min(0)),
  latitude_steps_e6: z.array(z.number().int()),
  longitude_steps_e6: z.array(z.number().int()),
  speeds_kmh: z.array(z.number().min(0)),
});
export type ShiftReplay = z.infer<typeof shiftReplaySchema>;

/** Values → steps: each value (scaled by `scale`, rounded) minus the one before, the first from 0. */
export function encodeSteps(values: ArrayLike<number>, scale: number): number[] {
  const steps = new Array<number>(values.length);
  let previous = 0;
  for (let i = 0; i < values.length; i += 1) {
    const scaled = Math.round(values[i] * scale);
    steps[i] = scaled - previous;
    previous = scaled;
  }
  return steps;
}

/** Steps → values: the running sum, divided by `scale`, from `origin`. */
export function decodeSteps(steps: readonly number[], scale: number, origin = 0): Float64Array {
  const values = new Float64Array(steps.length);
  let sum = 0;
  for (let i = 0; i < steps.length; i += 1) {
    sum += steps[i];
    values[i] = origin + sum / scale;
  }
  return values;
}

/** A replay's columns as values: epoch milliseconds and degrees. */
export function decodeTrailSteps(replay: Pick<ShiftReplay, 'start_ms' | 'time_steps_ms' | 'latitude_steps_e6' | 'longitude_steps_e6'>): {
  times: Float64Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
} {
  return {
    times: decodeSteps(replay.time_steps_ms, 1, replay.start_ms ?? 0),
    latitudes: decodeSteps(replay.latitude_steps_e6, 1e6),
    longitudes: decodeSteps(replay.longitude_steps_e6, 1e6),
  };
}

export const POSITIONS_AT_DEFAULT_WINDOW_MINUTES = 30;
export const POSITIONS_AT_MAX_WINDOW_MINUTES = 24 * 60;

/** GET /positions/at?time=ISO&window_minutes=: the last point at or before `time`, no older than the window. */
export const positionsAtQuerySchema = z.object({
  time: z
    .string({ error: 'La fecha y hora son obligatorias' })
    .min(1, 'La fecha y hora son obligatorias')
    .refine(isPlausibleTimestamp, 'Fecha y hora inválidas'),
  window_minutes: z.coerce
    .number({ error: `Ventana inválida (1 a ${POSITIONS_AT_MAX_WINDOW_MINUTES} minutos)` })
    .int(`Ventana inválida (1 a ${POSITIONS_AT_MAX_WINDOW_MINUTES} minutos)`)
    .min(1, `Ventana inválida (1 a ${POSITIONS_AT_MAX_WINDOW_MINUTES} minutos)`)
    .max(POSITIONS_AT_MAX_WINDOW_MINUTES, `Ventana inválida (1 a ${POSITIONS_AT_MAX_WINDOW_MINUTES} minutos)`)
    .default(POSITIONS_AT_DEFAULT_WINDOW_MINUTES),
});
export type PositionsAtQuery = z.input<typeof positionsAtQuerySchema>;

export const positionAtSchema = z.object({
  shift_id: z.number().int(),
  driver_id: z.number().int(),
  driver_name: z.string(),
  plate_number: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** When this point was recorded (at or before the asked time). */
  recorded_at: isoTime,
  /** m/s as the phone reported it. */
  speed: z.number().nullable(),
});
export type PositionAt = z.infer<typeof positionAtSchema>;

export const positionsAtResponseSchema = z.object({
  time: isoTime,
  window_minutes: z.number().int(),
  positions: z.array(positionAtSchema),
  count: z.number().int().min(0),
});
export type PositionsAtResponse = z.infer<typeof positionsAtResponseSchema>;
