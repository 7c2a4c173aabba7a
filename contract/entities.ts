/** Entities as the API sends them: the spec's snake_case names, integer ids, ISO 8601 UTC times. */
import { z } from 'zod';
import './zodConfig';

const isoTime = z.string();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Who signs in at the desk: the fleet's owner (Dueño) and the desk accounts it creates. */
export const deskRoles = ['dueño', 'administrador', 'operador'] as const;
export const deskRoleSchema = z.enum(deskRoles);
export type DeskRole = z.infer<typeof deskRoleSchema>;
export const deskRoleLabels: Record<DeskRole, string> = { dueño: 'Dueño', administrador: 'Administrador', operador: 'Operador' };

/**
 * The signed-in person (login and /auth/me): their own id, RUT, names and email, the fleet's
 * company_name (and the fleet's other fields, such as fleet_code), and their role.
 */
export const userSchema = z.object({
  id: z.number().int(),
  rut: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company_name: z.string(),
  /** The fleet's code drivers sign in with (setup link /conductor?flota=<code>). */
  fleet_code: z.string(),
  role: deskRoleSchema,
});
export type User = z.infer<typeof userSchema>;

/** A desk account as the owner's Usuarios screen lists it (never a password). */
export const deskUserSchema = z.object({
  id: z.number().int(),
  rut: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: deskRoleSchema,
  is_active: z.boolean(),
  created_at: isoTime,
});
export type DeskUser = z.infer<typeof deskUserSchema>;

/** What the activity log records about. */
export const activityEntities = ['driver', 'vehicle', 'user', 'device', 'shift'] as const;
export type ActivityEntity = (typeof activityEntities)[number];
export const activityEntityLabels: Record<ActivityEntity, string> = {
  driver: 'Conductor',
  vehicle: 'Vehículo',
  user: 'Usuario',
  device: 'Identificador de dispositivo',
  shift: 'Turno',
};
export const activityActionLabels: Record<string, string> = {
  created: 'Creó',
  updated: 'Modificó',
  deleted: 'Eliminó',
  deactivated: 'Desactivó',
  reactivated: 'Reactivó',
  password_reset: 'Restableció la contraseña de',
  regenerated: 'Generó un nuevo identificador de dispositivo para',
  ended: 'Terminó',
};

/** One entry of the activity log: who, what, before → after of the changed fields, when, from where. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  created_at: isoTime,
  actor_id: z.number().int(),
  actor_role: z.string(),
  actor_name: z.string(),
  entity: z.enum(activityEntities),
  entity_id: z.number().int().nullable(),
  entity_label: z.string(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  ip: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const driverSchema = z.object({
  id: z.number().int(),
  rut: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  license_number: z.string().nullable(),
  license_expiry: isoDate.nullable(),
  current_vehicle_id: z.number().int().nullable(),
  is_active: z.boolean(),
  /** Read-only: the plate of the assigned vehicle. */
  plate_number: z.string().nullable(),
  // No device_id: it is /osmand's credential, read only through GET /drivers/:id/device-id.
});
export type Driver = z.infer<typeof driverSchema>;

export const vehicleSchema = z.object({
  id: z.number().int(),
  plate_number: z.string(),
  model: z.string().nullable(),
  color: z.string().nullable(),
  year: z.number().int().nullable(),
  is_active: z.boolean(),
  /** Read-only: the assigned driver. */
  driver_id: z.number().int().nullable(),
  driver_first_name: z.string().nullable(),
  driver_last_name: z.string().nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

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

/** A phone's optional readings with a point: m/s, degrees from north, metres, percent. */
export const pointReadingsSchema = z.object({
  speed: z.number().nullish(),
  heading: z.number().nullish(),
  accuracy: z.number().nullish(),
  battery: z.number().nullish(),
});
export type PointReadings = z.infer<typeof pointReadingsSchema>;
/** What a phone or tracker may add to a point (the OsmAnd adapter's name for the readings). */
export const pointExtrasSchema = pointReadingsSchema;
export type PointExtras = PointReadings;

export const locationPointSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    timestamp: isoTime,
  })
  .extend(pointReadingsSchema.shape);
export type LocationPoint = z.infer<typeof locationPointSchema>;

/** Server → owner: one taxi moved (readings only when the phone sent them). */
export const locationUpdateSchema = locationPointSchema.extend({ shift_id: z.number().int() });
export type LocationUpdate = z.infer<typeof locationUpdateSchema>;

/** What a driver's phone sees of itself after its login. */
export const driverProfileSchema = driverSchema.pick({
  id: true,
  rut: true,
  first_name: true,
  last_name: true,
  current_vehicle_id: true,
  plate_number: true,
});
export type DriverProfile = z.infer<typeof driverProfileSchema>;
