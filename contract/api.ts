/** Requests and responses of the REST API under /api (see DESIGN.md, Contract). */
import { z } from 'zod';
import { isValidRut, normalizeRut } from './rut';
import { isValidPlate, normalizePlate } from './plate';
import { pointExtrasSchema, type Driver, type DriverProfile, type LocationPoint, type Shift, type User, type Vehicle } from './entities';

export const API_BASE_PATH = '/api';

/** Every error answer: a Spanish text, and per-field texts for bad input. */
export interface ApiError {
  error: string;
  fields?: Record<string, string>;
}

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_VEHICLE_YEAR = 1900;
export const maxVehicleYear = (now: Date = new Date()): number => now.getFullYear() + 1;
/** Points accepted in one POST /driver/locations. */
export const MAX_LOCATION_BATCH = 500;

const trimmed = z.string().trim();
/** Optional text: blank or missing becomes null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

// ── Auth ─────────────────────────────────────────────────────────────────────

export const loginRequestSchema = z.object({
  rut: trimmed.min(1, 'Ingresa tu RUT'),
  password: z.string().min(1, 'Ingresa tu contraseña'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export interface LoginResponse {
  token: string;
  user: User;
}
export interface MeResponse {
  user: User;
}

// ── Drivers ──────────────────────────────────────────────────────────────────

const rutField = trimmed
  .min(1, 'El RUT es obligatorio')
  .refine(isValidRut, 'RUT inválido: revisa el dígito verificador')
  .transform((rut) => normalizeRut(rut) as string);

const driverFields = {
  first_name: trimmed.min(1, 'El nombre es obligatorio').max(80, 'El nombre es demasiado largo'),
  last_name: trimmed.min(1, 'El apellido es obligatorio').max(80, 'El apellido es demasiado largo'),
  email: optionalText(120, 'El correo es demasiado largo').refine(
    (email) => email === null || z.email().safeParse(email).success,
    'Correo electrónico inválido',
  ),
  phone: optionalText(20, 'Teléfono inválido').refine(
    (phone) => phone === null || /^\+?[\d\s()-]{8,20}$/.test(phone),
    'Teléfono inválido: usa solo números, por ejemplo +56 9 1234 5678',
  ),
  license_number: optionalText(30, 'El número de licencia es demasiado largo'),
  license_expiry: z
    .string()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isIsoDate(value), 'Fecha de vencimiento inválida'),
  current_vehicle_id: z
    .union([z.number().int().positive(), z.null(), z.literal('')])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null)),
};

const password = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(1, 'La contraseña es obligatoria')
  .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`);

export const driverCreateSchema = z.object({ rut: rutField, password, ...driverFields });
/** On update the RUT may be sent but must not change (the server checks); a blank password keeps the old one. */
export const driverUpdateSchema = z.object({
  rut: z.string().optional(),
  password: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(password.optional()),
  ...driverFields,
});
export type DriverCreateInput = z.input<typeof driverCreateSchema>;
export type DriverUpdateInput = z.input<typeof driverUpdateSchema>;
export interface DriversResponse {
  drivers: Driver[];
  count: number;
}
export interface DriverResponse {
  driver: Driver;
}

// ── Vehicles ─────────────────────────────────────────────────────────────────

const vehicleFields = {
  model: optionalText(60, 'El modelo es demasiado largo'),
  color: optionalText(30, 'El color es demasiado largo'),
  year: z
    .union([z.number(), z.null(), z.literal('')])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null))
    .refine((year) => year === null || Number.isInteger(year), 'El año debe ser un número entero')
    .refine(
      (year) => year === null || (year >= MIN_VEHICLE_YEAR && year <= maxVehicleYear()),
      `El año debe estar entre ${MIN_VEHICLE_YEAR} y el próximo año`,
    ),
};

const plateField = trimmed
  .min(1, 'La patente es obligatoria')
  .refine(isValidPlate, 'Patente inválida: usa el formato AB1234 o BCDF12')
  .transform(normalizePlate);

export const vehicleCreateSchema = z.object({ plate_number: plateField, ...vehicleFields });
/** On update the plate may be sent but must not change (the server checks). */
export const vehicleUpdateSchema = z.object({ plate_number: z.string().optional(), ...vehicleFields });
export type VehicleCreateInput = z.input<typeof vehicleCreateSchema>;
export type VehicleUpdateInput = z.input<typeof vehicleUpdateSchema>;
export interface VehiclesResponse {
  vehicles: Vehicle[];
  count: number;
}
export interface VehicleResponse {
  vehicle: Vehicle;
}

// ── Shifts ───────────────────────────────────────────────────────────────────

/**
 * GET /shifts/active and GET /shifts/history. `count` is always the number of rows sent.
 * History answers are bounded: at most HISTORY_MAX_ROWS shifts, the newest first. History also sends
 * `total` (how many shifts match in all) and `limited` (true when total > the rows sent: narrow the
 * filters to see the rest).
 */
export interface ShiftsResponse {
  shifts: Shift[];
  count: number;
  /** History only: how many shifts match in all (more than `count` when `limited`). */
  total?: number;
  /** History only: true when the answer was cut at HISTORY_MAX_ROWS. */
  limited?: boolean;
}

/** The most rows one GET /shifts/history answer carries. */
export const HISTORY_MAX_ROWS = 1000;
/** Ids are PostgreSQL integers: anything larger is no id. */
const MAX_ID = 2_147_483_647;

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

export interface ShiftLocationsResponse {
  locations: LocationPoint[];
}

// ── Driver side (phones and the simulator) ───────────────────────────────────

export interface DriverLoginResponse {
  token: string;
  driver: DriverProfile;
}
/**
 * Driver login as the /conductor page sends it: `fleet_code` comes from the setup link
 * (/conductor?flota=<code>); driver identity (issue 10) makes the login match within that fleet.
 */
export interface DriverLoginRequest {
  fleet_code?: string;
  rut: string;
  password: string;
}
/** GET /driver/me: the driver as stored now and the active shift (null when none). */
export interface DriverMeResponse {
  driver: DriverProfile;
  shift: Shift | null;
}
export const shiftStartSchema = z.object({
  vehicle_id: z.number().int().positive('Vehículo inválido').nullish(),
});
export interface ShiftResponse {
  shift: Shift;
}
export const locationBatchSchema = z.object({
  locations: z
    .array(
      z.object({
        latitude: z.number().min(-90, 'Latitud fuera de rango').max(90, 'Latitud fuera de rango'),
        longitude: z.number().min(-180, 'Longitud fuera de rango').max(180, 'Longitud fuera de rango'),
        timestamp: z.string().refine((t) => !Number.isNaN(Date.parse(t)), 'Fecha y hora inválida'),
        // Optional extras a phone may send (m/s, degrees, metres, percent); null = unknown.
        ...pointExtrasSchema.shape,
      }),
    )
    .min(1, 'Envía al menos una ubicación')
    .max(MAX_LOCATION_BATCH, `Envía a lo más ${MAX_LOCATION_BATCH} ubicaciones por vez`),
});
export type LocationBatch = z.input<typeof locationBatchSchema>;

export interface HealthResponse {
  ok: boolean;
  db: 'pglite' | 'postgres';
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** First message per field of a failed zod parse: {field: text}. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
