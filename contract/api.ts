/** Requests and responses of the REST API under /api (see DESIGN.md, Contract). */
import { z } from 'zod';
import './zodConfig';
import { normalizeFleetCode } from './fleetCode';
import { isValidRut, normalizeRut } from './rut';
import { isValidPlate, normalizePlate } from './plate';
import { activityEntities, type ActivityEntry, type DeskUser, type Driver, type DriverProfile, type LocationPoint, type Shift, type User, type Vehicle } from './entities';

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
/** Ids are PostgreSQL integers: anything larger is no id. */
export const MAX_ID = 2_147_483_647;

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

/** Longest password a login reads: scrypt of a megabyte would be work an attacker chooses. */
export const MAX_PASSWORD_LENGTH = 256;

export const loginRequestSchema = z.object({
  // A RUT is at most 12 characters with dots and dash; more is not one (and never becomes a limiter key).
  rut: trimmed.min(1, 'Ingresa tu RUT').max(20, 'RUT inválido'),
  password: z.string().min(1, 'Ingresa tu contraseña').max(MAX_PASSWORD_LENGTH, 'La contraseña es demasiado larga'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /driver/login: the driver signs in within one fleet, named by its code (see docs/api.md). */
export const driverLoginRequestSchema = loginRequestSchema.extend({
  fleet_code: z
    .string()
    .trim()
    .min(1, 'Ingresa el código de la flota')
    .transform((code, ctx) => {
      const normalized = normalizeFleetCode(code);
      if (!normalized) ctx.addIssue({ code: 'custom', message: 'Código de flota inválido' });
      return normalized ?? '';
    }),
});
export type DriverLoginRequest = z.input<typeof driverLoginRequestSchema>;
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
    .union([z.number().int('Vehículo inválido').positive('Vehículo inválido').max(MAX_ID, 'Vehículo inválido'), z.null(), z.literal('')], {
      error: 'Vehículo inválido',
    })
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null)),
};

const password = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(1, 'La contraseña es obligatoria')
  .max(MAX_PASSWORD_LENGTH, 'La contraseña es demasiado larga')
  .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`);

/** On update: blank or missing keeps the stored password; anything else must be a valid new one. */
const optionalNewPassword = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(password.optional());

export const driverCreateSchema = z.object({ rut: rutField, password, ...driverFields });
/** On update the RUT may be sent but must not change (the server checks); a blank password keeps the old one. */
export const driverUpdateSchema = z.object({
  rut: z.string().optional(),
  password: optionalNewPassword,
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
/**
 * GET and POST /drivers/:id/device-id (Dueño and Administrador only): the identifier Traccar Client
 * (or a tracker) sends to /osmand, its only credential; never in a list or any other answer.
 */
export const deviceIdResponseSchema = z.object({ device_id: z.string() });
export type DeviceIdResponse = z.infer<typeof deviceIdResponseSchema>;

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

/**
 * A shift's trail, oldest first. A long trail comes simplified (evenly thinned to at most
 * MAX_TRAIL_POINTS, first and last point kept): `simplified` says so and `total` counts every
 * stored point. `?limit=&after=` pages through the exact trail instead (next page: `next_after`).
 */
export interface ShiftLocationsResponse {
  locations: LocationPoint[];
  total?: number;
  simplified?: boolean;
  /** Exact paging only: the cursor of the next page, null on the last one. */
  next_after?: string | null;
}
/** At most this many points per GET /shifts/:id/locations answer. */
export const MAX_TRAIL_POINTS = 5000;
export const shiftLocationsQuerySchema = z.object({
  limit: z.coerce.number().int('Límite inválido').min(1, 'Límite inválido').max(MAX_TRAIL_POINTS, `El límite es a lo más ${MAX_TRAIL_POINTS}`).optional(),
  after: z
    .string()
    .refine((t) => !Number.isNaN(Date.parse(t)), 'Cursor inválido')
    .optional(),
});

// ── Driver side (phones and the simulator) ───────────────────────────────────

export interface DriverLoginResponse {
  token: string;
  driver: DriverProfile;
}
/** GET /driver/me: the driver as stored now and the active shift (null when none). */
export interface DriverMeResponse {
  driver: DriverProfile;
  shift: Shift | null;
}
export const shiftStartSchema = z.object({
  vehicle_id: z.number({ error: 'Vehículo inválido' }).int('Vehículo inválido').positive('Vehículo inválido').max(MAX_ID, 'Vehículo inválido').nullish(),
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
        timestamp: z.string().max(40, 'Fecha y hora inválida').refine(isPlausibleTimestamp, 'Fecha y hora inválida'),
        // Optional readings (null or absent when the phone does not know them).
        speed: z.number().min(0, 'Velocidad fuera de rango').max(1000, 'Velocidad fuera de rango').nullish(),
        heading: z.number().min(0, 'Rumbo fuera de rango').max(360, 'Rumbo fuera de rango').nullish(),
        accuracy: z.number().min(0, 'Precisión fuera de rango').max(1_000_000, 'Precisión fuera de rango').nullish(),
        battery: z.number().min(0, 'Batería fuera de rango').max(100, 'Batería fuera de rango').nullish(),
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

/**
 * Dates a user can mean, which every database column and time-zone conversion holds: years
 * 1900 to 2999 (year 0 or 9999-12-31 + 1 day would be database errors, not answers).
 */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2999;

/** A real calendar date written YYYY-MM-DD, within MIN_DATE_YEAR..MAX_DATE_YEAR. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** An ISO time the database holds and a phone could mean (years 1900 to 2999). */
export function isPlausibleTimestamp(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
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

// ── Desk accounts (Usuarios), the activity log, self-service password ─────────

const personName = {
  first_name: trimmed.min(1, 'El nombre es obligatorio').max(80, 'El nombre es demasiado largo'),
  last_name: trimmed.min(1, 'El apellido es obligatorio').max(80, 'El apellido es demasiado largo'),
  email: trimmed
    .min(1, 'El correo es obligatorio')
    .max(120, 'El correo es demasiado largo')
    .refine((email) => z.email().safeParse(email).success, 'Correo electrónico inválido'),
};
/** The owner is the one Dueño: desk accounts are administrators or operators. */
const deskUserRole = z.enum(['administrador', 'operador'], { error: 'Elige un rol: Administrador u Operador' });

export const deskUserCreateSchema = z.object({ rut: rutField, password, role: deskUserRole, ...personName });
/**
 * PUT /users/:id: names, email, role, active; a new password resets it (and, like deactivating,
 * ends the user's sessions). The RUT may be sent back but not changed.
 */
export const deskUserUpdateSchema = z.object({
  rut: z.string().optional(),
  password: optionalNewPassword,
  role: deskUserRole,
  is_active: z.boolean({ error: 'Indica si el usuario está activo' }).optional(),
  ...personName,
});
export type DeskUserCreateInput = z.input<typeof deskUserCreateSchema>;
export type DeskUserUpdateInput = z.input<typeof deskUserUpdateSchema>;
export interface DeskUsersResponse {
  users: DeskUser[];
  count: number;
}
export interface DeskUserResponse {
  user: DeskUser;
}

/** PUT /auth/password: the signed-in person's own password. */
export const passwordChangeSchema = z.object({
  current_password: z.string({ error: 'Ingresa tu contraseña actual' }).min(1, 'Ingresa tu contraseña actual'),
  new_password: password,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** Entries one GET /activity page carries at most. */
export const ACTIVITY_PAGE_SIZE_MAX = 200;
export const ACTIVITY_PAGE_SIZE_DEFAULT = 25;

/** GET /activity filters: actor ("dueño:1" or "administrador:7"), entity, dates (fleet time zone), page. */
export const activityQuerySchema = z
  .object({
    actor: z
      .string({ error: 'Persona inválida' })
      .regex(/^(dueño|administrador|operador):[1-9]\d{0,9}$/, 'Persona inválida')
      .optional(),
    entity: z.enum(activityEntities, { error: 'Tipo de registro inválido' }).optional(),
    start_date: z.string({ error: 'Fecha Inicio inválida' }).refine(isIsoDate, 'Fecha Inicio inválida').optional(),
    end_date: z.string({ error: 'Fecha Fin inválida' }).refine(isIsoDate, 'Fecha Fin inválida').optional(),
    page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').max(100_000, 'Página inválida').default(1),
    page_size: z.coerce
      .number({ error: 'Tamaño de página inválido' })
      .int('Tamaño de página inválido')
      .min(1, 'Tamaño de página inválido')
      .max(ACTIVITY_PAGE_SIZE_MAX, 'Tamaño de página inválido')
      .default(ACTIVITY_PAGE_SIZE_DEFAULT),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: 'La Fecha Fin no puede ser anterior a la Fecha Inicio',
    path: ['end_date'],
  });
export type ActivityQuery = z.input<typeof activityQuerySchema>;
export interface ActivityResponse {
  entries: ActivityEntry[];
  /** Entries matching the filters in all. */
  total: number;
  page: number;
  page_size: number;
  /** Everyone who may appear as "who" (filter choices), desk accounts deleted or not. */
  actors: { key: string; name: string; role: string }[];
}
