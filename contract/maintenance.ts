/**
 * Mantención (issue 34, item 7): each taxi's odometer (a reading the owner enters plus the kilometres
 * Flota measured on its shifts since), its plans by kilometres and/or months, and its service records
 * with their cost in integer pesos. "Próxima" and "vencida" plans raise alerts through Alertas.
 */
import { z } from 'zod';
import './zodConfig';
import { optionalLine, singleLine } from './plainText';
import { isIsoDate } from './common';
import { isoDate, isoTime, optionalText, trimmed } from './fields';
import { MAX_ENTRY_PESOS } from './money';

/** A plan is "próxima" this many kilometres or days before it is due. */
export const MAINTENANCE_DUE_KM = 1000;
export const MAINTENANCE_DUE_DAYS = 15;
/** The largest odometer reading taken (a taxi retires long before 2 million km; a typo of extra zeros does not pass). */
export const MAX_ODOMETER_KM = 2_000_000;
export const MAX_INTERVAL_KM = 500_000;
export const MAX_INTERVAL_MONTHS = 120;

export const MaintenanceMessages = {
  vehicleNotFound: 'Vehículo no encontrado',
  planNotFound: 'Plan de mantención no encontrado',
  recordNotFound: 'Registro de mantención no encontrado',
  kind: 'El tipo de mantención es obligatorio',
  kindTooLong: 'El tipo de mantención es demasiado largo (máximo 60 caracteres)',
  odometer: `Kilometraje inválido: un número entero de 0 a ${MAX_ODOMETER_KM.toLocaleString('es-CL')}`,
  date: 'Fecha inválida',
  futureDate: 'La fecha no puede ser futura',
  intervalKm: `Cada cuántos km: un número entero de 1 a ${MAX_INTERVAL_KM.toLocaleString('es-CL')}`,
  intervalMonths: `Cada cuántos meses: un número entero de 1 a ${MAX_INTERVAL_MONTHS}`,
  intervalNeeded: 'Indica cada cuántos kilómetros, cada cuántos meses, o ambos',
  lastKmNeeded: 'Indica el kilometraje del último servicio',
  cost: 'Costo inválido: pesos enteros, sin decimales',
  workshop: 'El taller es demasiado largo (máximo 80 caracteres)',
  notes: 'Las notas son demasiado largas (máximo 500 caracteres)',
  month: 'Mes inválido: usa AAAA-MM',
  monthOrder: 'El mes final no puede ser anterior al inicial',
  monthSpan: 'El período no puede superar 36 meses',
} as const;

const km = (message: string, max: number, min = 0) => z.number({ error: message }).int(message).min(min, message).max(max, message);
const calendarDate = z.string({ error: MaintenanceMessages.date }).refine(isIsoDate, MaintenanceMessages.date);
const kindField = singleLine(trimmed.min(1, MaintenanceMessages.kind).max(60, MaintenanceMessages.kindTooLong));

/** PUT /maintenance/vehicles/:id/odometer: the reading on the dashboard and the day it was read. */
export const odometerRequestSchema = z.object({
  reading_km: km(MaintenanceMessages.odometer, MAX_ODOMETER_KM),
  read_on: calendarDate,
});
export type OdometerRequest = z.input<typeof odometerRequestSchema>;

/** POST /maintenance/vehicles/:id/plans, PUT /maintenance/plans/:id. The last service anchors the first due point. */
export const maintenancePlanRequestSchema = z
  .object({
    kind: kindField,
    every_km: km(MaintenanceMessages.intervalKm, MAX_INTERVAL_KM, 1).nullish().transform((v) => v ?? null),
    every_months: km(MaintenanceMessages.intervalMonths, MAX_INTERVAL_MONTHS, 1).nullish().transform((v) => v ?? null),
    last_done_on: calendarDate,
    last_done_km: km(MaintenanceMessages.odometer, MAX_ODOMETER_KM).nullish().transform((v) => v ?? null),
  })
  .refine((plan) => plan.every_km !== null || plan.every_months !== null, { message: MaintenanceMessages.intervalNeeded, path: ['every_km'] })
  .refine((plan) => plan.every_km === null || plan.last_done_km !== null, { message: MaintenanceMessages.lastKmNeeded, path: ['last_done_km'] });
export type MaintenancePlanRequest = z.input<typeof maintenancePlanRequestSchema>;

/** POST /maintenance/vehicles/:id/records. */
export const maintenanceRecordRequestSchema = z.object({
  done_on: calendarDate,
  odometer_km: km(MaintenanceMessages.odometer, MAX_ODOMETER_KM),
  kind: kindField,
  workshop: optionalLine(80, MaintenanceMessages.workshop),
  cost_pesos: km(MaintenanceMessages.cost, MAX_ENTRY_PESOS),
  notes: optionalText(500, MaintenanceMessages.notes),
});
export type MaintenanceRecordRequest = z.input<typeof maintenanceRecordRequestSchema>;

const month = z.string({ error: MaintenanceMessages.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MaintenanceMessages.month);
const monthIndex = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;
/** GET /maintenance/costs?from=2026-01&to=2026-06 (months in the fleet's time zone, both included). */
export const maintenanceCostsQuerySchema = z
  .object({ from: month, to: month })
  .refine((q) => q.from <= q.to, { message: MaintenanceMessages.monthOrder, path: ['to'] })
  .refine((q) => monthIndex(q.to) - monthIndex(q.from) < 36, { message: MaintenanceMessages.monthSpan, path: ['to'] });
export type MaintenanceCostsQuery = z.infer<typeof maintenanceCostsQuerySchema>;

export const odometerSchema = z.object({
  reading_km: z.number().int(),
  read_on: isoDate,
  /** Kilometres Flota measured on this taxi's ended shifts that started on or after read_on. */
  measured_km: z.number().int(),
  /** reading_km + measured_km. */
  current_km: z.number().int(),
});
export type Odometer = z.infer<typeof odometerSchema>;

export const maintenancePlanStatuses = ['al_dia', 'proxima', 'vencida', 'sin_odometro'] as const;
export type MaintenancePlanStatus = (typeof maintenancePlanStatuses)[number];
export const maintenancePlanStatusLabels: Record<MaintenancePlanStatus, string> = { al_dia: 'Al día', proxima: 'Próxima', vencida: 'Vencida', sin_odometro: 'Falta el odómetro' };

export const maintenancePlanSchema = z.object({
  id: z.number().int(),
  vehicle_id: z.number().int(),
  kind: z.string(),
  every_km: z.number().int().nullable(),
  every_months: z.number().int().nullable(),
  /** The last service this plan counts from: the plan's own date and km, or a later record of the same kind. */
  last_done_on: isoDate,
  last_done_km: z.number().int().nullable(),
  next_due_km: z.number().int().nullable(),
  next_due_on: isoDate.nullable(),
  /** Negative once passed. Null when the plan has no such interval (or the km are unknown). */
  remaining_km: z.number().int().nullable(),
  remaining_days: z.number().int().nullable(),
  status: z.enum(maintenancePlanStatuses),
});
export type MaintenancePlan = z.infer<typeof maintenancePlanSchema>;

export const maintenanceRecordSchema = z.object({
  id: z.number().int(),
  vehicle_id: z.number().int(),
  done_on: isoDate,
  odometer_km: z.number().int(),
  kind: z.string(),
  workshop: z.string().nullable(),
  cost_pesos: z.number().int(),
  notes: z.string().nullable(),
  created_at: isoTime,
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecordSchema>;

export const vehicleMaintenanceSchema = z.object({
  vehicle: z.object({ id: z.number().int(), plate_number: z.string() }),
  odometer: odometerSchema.nullable(),
  plans: z.array(maintenancePlanSchema),
  records: z.array(maintenanceRecordSchema),
});
export type VehicleMaintenance = z.infer<typeof vehicleMaintenanceSchema>;

/** GET /maintenance: every taxi's odometer and plans, for the list and the vehicle cards. */
export const maintenanceOverviewSchema = z.object({
  vehicles: z.array(z.object({ vehicle_id: z.number().int(), plate_number: z.string(), odometer: odometerSchema.nullable(), plans: z.array(maintenancePlanSchema) })),
});
export type MaintenanceOverview = z.infer<typeof maintenanceOverviewSchema>;

export const maintenancePlanResponseSchema = z.object({ plan: maintenancePlanSchema });
export const maintenanceRecordResponseSchema = z.object({ record: maintenanceRecordSchema });
export const odometerResponseSchema = z.object({ odometer: odometerSchema });

/** GET /maintenance/costs: one row per taxi and month that had a service. */
export const maintenanceCostsSchema = z.object({
  rows: z.array(z.object({ vehicle_id: z.number().int(), plate_number: z.string(), month: z.string(), cost_pesos: z.number().int(), services: z.number().int() })),
  total_pesos: z.number().int(),
});
export type MaintenanceCosts = z.infer<typeof maintenanceCostsSchema>;
