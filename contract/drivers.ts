/** The fleet's drivers (GET/POST /drivers, PUT/DELETE /drivers/:id, POST /drivers/:id/device-id). */
import { z } from 'zod';
import './zodConfig';
import { optionalLine, singleLine } from './plainText';
import { isIsoDate, MAX_ID } from './common';
import { isoDate, optionalNewPassword, optionalText, password, rutField, trimmed } from './fields';

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

const driverFields = {
  first_name: singleLine(trimmed.min(1, 'El nombre es obligatorio').max(80, 'El nombre es demasiado largo')),
  last_name: singleLine(trimmed.min(1, 'El apellido es obligatorio').max(80, 'El apellido es demasiado largo')),
  email: optionalText(120, 'El correo es demasiado largo').refine(
    (email) => email === null || z.email().safeParse(email).success,
    'Correo electrónico inválido',
  ),
  phone: optionalText(20, 'Teléfono inválido').refine(
    (phone) => phone === null || /^\+?[\d\s()-]{8,20}$/.test(phone),
    'Teléfono inválido: usa solo números, por ejemplo +56 9 1234 5678',
  ),
  license_number: optionalLine(30, 'El número de licencia es demasiado largo'),
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

export const driverCreateSchema = z.object({ rut: rutField, password, ...driverFields });
/** On update the RUT may be sent but must not change (the server checks); a blank password keeps the old one. */
export const driverUpdateSchema = z.object({
  rut: z.string().optional(),
  password: optionalNewPassword,
  ...driverFields,
});
export type DriverCreateInput = z.input<typeof driverCreateSchema>;
export type DriverUpdateInput = z.input<typeof driverUpdateSchema>;
export const driversResponseSchema = z.object({ drivers: z.array(driverSchema), count: z.number().int() });
export type DriversResponse = z.infer<typeof driversResponseSchema>;
/** POST (201) and PUT /drivers/:id. */
export const driverResponseSchema = z.object({ driver: driverSchema });
export type DriverResponse = z.infer<typeof driverResponseSchema>;
/**
 * GET and POST /drivers/:id/device-id (Dueño and Administrador only): the identifier Traccar Client
 * (or a tracker) sends to /osmand, its only credential; never in a list or any other answer.
 */
export const deviceIdResponseSchema = z.object({ device_id: z.string() });
export type DeviceIdResponse = z.infer<typeof deviceIdResponseSchema>;
