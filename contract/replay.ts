/**
 * Replay and "where was everyone" (issue 21 items 2 and 4): a shift's full trail as compact columns
 * (GET /shifts/:id/replay) and every taxi's last position at a chosen time (GET /positions/at).
 */
import { z } from 'zod';
import './zodConfig';
import { isoTime } from './fields';

/**
 * A shift's whole trail, oldest point first, as parallel columns (a 12-hour shift at 1 Hz is 43,200
 * points: columns keep that about a third of the size of objects). `offsets_ms[i]` is point i's time
 * after `start_ms` (epoch milliseconds of the first point); `speeds_kmh[i]` is the phone's speed, or
 * the one implied by the last ten seconds' travel when the phone sent none. Points the GPS-jump
 * filter leaves out are not sent.
 */
export const shiftReplaySchema = z.object({
  shift_id: z.number().int(),
  driver_name: z.string(),
  plate_number: z.string().nullable(),
  shift_start: isoTime,
  shift_end: isoTime.nullable(),
  start_ms: z.number().int().nullable(),
  offsets_ms: z.array(z.number().int().min(0)),
  latitudes: z.array(z.number()),
  longitudes: z.array(z.number()),
  speeds_kmh: z.array(z.number().min(0)),
});
export type ShiftReplay = z.infer<typeof shiftReplaySchema>;

export const POSITIONS_AT_DEFAULT_WINDOW_MINUTES = 30;
export const POSITIONS_AT_MAX_WINDOW_MINUTES = 24 * 60;

/** GET /positions/at?time=ISO&window_minutes=: the last point at or before `time`, no older than the window. */
export const positionsAtQuerySchema = z.object({
  time: z
    .string({ error: 'La fecha y hora son obligatorias' })
    .min(1, 'La fecha y hora son obligatorias')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Fecha y hora inválidas'),
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
