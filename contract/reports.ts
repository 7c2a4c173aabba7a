/**
 * Reports (issue 21): a shift's summary with its trips and stops, as GET /shifts/:id/summary
 * answers it. Distances in metres or kilometres, speeds in km/h, durations in whole seconds,
 * times ISO 8601 UTC.
 */
import { z } from 'zod';
import './zodConfig';
import { isIsoDate, MAX_ID } from './common';

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

/* ---- Reportes (GET /reports, /reports/daily, /reports/shifts): summaries added up per driver or vehicle ---- */

/** The longest period a report may cover, in days (a year and a day for leap years). */
export const REPORT_MAX_DAYS = 366;
export const REPORT_GROUPS = ['driver', 'vehicle'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

const reportId = (text: string) => z.coerce.number({ error: text }).int(text).positive(text).max(MAX_ID, text).optional();
const reportDate = (text: string) => z.string({ error: text }).refine(isIsoDate, text);
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** from and to: whole calendar days in the fleet's time zone, inclusive; a shift counts on the day it starts. */
const reportPeriodShape = {
  from: reportDate('Fecha Desde inválida'),
  to: reportDate('Fecha Hasta inválida'),
  group: z.enum(REPORT_GROUPS, { error: 'Agrupación inválida (driver o vehicle)' }).default('driver'),
  driver_id: reportId('Conductor inválido'),
  vehicle_id: reportId('Vehículo inválido'),
};
export const reportQuerySchema = z
  .object(reportPeriodShape)
  .refine((q) => q.from <= q.to, { message: 'La Fecha Hasta no puede ser anterior a la Fecha Desde', path: ['to'] })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) < REPORT_MAX_DAYS, { message: `El período es de a lo más ${REPORT_MAX_DAYS} días`, path: ['to'] });
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** What a report adds up, for one driver or vehicle (and one day), or the totals. */
export const reportMetricsSchema = z.object({
  shifts: z.number().int().min(0),
  /** Shifts still open: their hours on shift run to the time of the answer; their kilometres, stops and trips count once they end. */
  open_shifts: z.number().int().min(0),
  /** Shifts whose summary is kept (ended and summarized); the others add hours on shift only. */
  summarized_shifts: z.number().int().min(0),
  shift_seconds: seconds,
  moving_seconds: seconds,
  stopped_seconds: seconds,
  distance_km: z.number().min(0),
  stops: z.number().int().min(0),
  trips: z.number().int().min(0),
  max_speed_kmh: z.number().min(0),
  /** Whole pesos of the fares recorded on the shifts' trips (issue 35; 0 when the fleet records none). */
  fares_pesos: z.number().int().min(0),
  /** The part of fares_pesos that Flota estimated (no taxímetro amount typed). */
  estimated_fares_pesos: z.number().int().min(0),
});
export type ReportMetrics = z.infer<typeof reportMetricsSchema>;

/**
 * The offers Despacho made to a driver in the period (issue 38), each counted on the moment it
 * happened in the fleet's time zone: received, accepted by the driver, refused ("rechazo") and
 * left unanswered (expired, or passed on by the desk before it did: "sin respuesta"). An offer
 * still running, or ended by a cancellation or by the desk assigning another taxi, is received
 * only. Only in the report by driver without a vehicle filter (an offer is made to a driver).
 */
export const reportOffersSchema = z.object({
  received: z.number().int().min(0),
  accepted: z.number().int().min(0),
  declined: z.number().int().min(0),
  unanswered: z.number().int().min(0),
});
export type ReportOffers = z.infer<typeof reportOffersSchema>;
/** A row or the totals of GET /reports: the metrics and, by driver, the offers. */
export const reportFiguresSchema = reportMetricsSchema.extend({ offers: reportOffersSchema.optional() });
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

/** One driver (id: driver id, name: full name) or one vehicle (id: vehicle id or null for shifts without one, name: plate). */
export const reportRowSchema = reportFiguresSchema.extend({ id: z.number().int().nullable(), name: z.string() });
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPS),
  time_zone: z.string(),
  /** Alphabetical by name; by driver, a driver with offers but no shift in the period too (zero shifts). */
  rows: z.array(reportRowSchema),
  totals: reportFiguresSchema,
  generated_at: isoTime,
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

export const reportDayRowSchema = reportMetricsSchema.extend({ id: z.number().int().nullable(), name: z.string(), date: z.string() });
export type ReportDayRow = z.infer<typeof reportDayRowSchema>;
/** Per day (YYYY-MM-DD in the fleet's zone) and driver or vehicle: the chart and the drill-down. */
export const reportDailyResponseSchema = z.object({ from: z.string(), to: z.string(), group: z.enum(REPORT_GROUPS), time_zone: z.string(), days: z.array(reportDayRowSchema) });
export type ReportDailyResponse = z.infer<typeof reportDailyResponseSchema>;

/** A shift of the period with what its summary says (zeros and summarized: false while none is kept). */
export const reportShiftSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  start_time: isoTime,
  end_time: isoTime.nullable(),
  driver_id: z.number().int(),
  driver_name: z.string(),
  vehicle_id: z.number().int().nullable(),
  plate_number: z.string().nullable(),
  summarized: z.boolean(),
  shift_seconds: seconds,
  moving_seconds: seconds,
  distance_km: z.number().min(0),
  stops: z.number().int().min(0),
  trips: z.number().int().min(0),
  max_speed_kmh: z.number().min(0),
  /** Whole pesos of the fares recorded on the shift's trips, and the part Flota estimated (issue 35). */
  fares_pesos: z.number().int().min(0),
  estimated_fares_pesos: z.number().int().min(0),
});
export type ReportShift = z.infer<typeof reportShiftSchema>;
/** At most this many shifts per GET /reports/shifts answer (a day or a driver's period holds far fewer). */
export const REPORT_MAX_SHIFTS = 1000;
export const reportShiftsResponseSchema = z.object({ shifts: z.array(reportShiftSchema), limited: z.boolean() });
export type ReportShiftsResponse = z.infer<typeof reportShiftsResponseSchema>;
