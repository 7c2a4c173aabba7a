/** The driver side (phones, /conductor and the simulator): login, me, shift start/end, locations. */
import { z } from 'zod';
import './zodConfig';
import { isPlausibleTimestamp, MAX_ID } from './common';
import { normalizeFleetCode } from './fleetCode';
import { loginRequestSchema } from './auth';
import { driverProfileSchema } from './drivers';
import { locationPointSchema } from './positions';
import { shiftSchema } from './shifts';

/** Points accepted in one POST /driver/locations. */
export const MAX_LOCATION_BATCH = 500;

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

export const driverLoginResponseSchema = z.object({ token: z.string(), driver: driverProfileSchema });
export type DriverLoginResponse = z.infer<typeof driverLoginResponseSchema>;
/** GET /driver/me: the driver as stored now and the active shift (null when none). */
export const driverMeResponseSchema = z.object({ driver: driverProfileSchema, shift: shiftSchema.nullable() });
export type DriverMeResponse = z.infer<typeof driverMeResponseSchema>;
export const shiftStartSchema = z.object({
  vehicle_id: z.number({ error: 'Vehículo inválido' }).int('Vehículo inválido').positive('Vehículo inválido').max(MAX_ID, 'Vehículo inválido').nullish(),
});
/** A point as a phone sends it: the one position shape (positions.ts), with the ranges a phone may send. */
const phonePointSchema = locationPointSchema.extend({
  latitude: z.number().min(-90, 'Latitud fuera de rango').max(90, 'Latitud fuera de rango'),
  longitude: z.number().min(-180, 'Longitud fuera de rango').max(180, 'Longitud fuera de rango'),
  timestamp: z.string().max(40, 'Fecha y hora inválida').refine(isPlausibleTimestamp, 'Fecha y hora inválida'),
  // Optional readings (null or absent when the phone does not know them).
  speed: z.number().min(0, 'Velocidad fuera de rango').max(1000, 'Velocidad fuera de rango').nullish(),
  heading: z.number().min(0, 'Rumbo fuera de rango').max(360, 'Rumbo fuera de rango').nullish(),
  accuracy: z.number().min(0, 'Precisión fuera de rango').max(1_000_000, 'Precisión fuera de rango').nullish(),
  battery: z.number().min(0, 'Batería fuera de rango').max(100, 'Batería fuera de rango').nullish(),
});
export const locationBatchSchema = z.object({
  locations: z
    .array(phonePointSchema)
    .min(1, 'Envía al menos una ubicación')
    .max(MAX_LOCATION_BATCH, `Envía a lo más ${MAX_LOCATION_BATCH} ubicaciones por vez`),
});
export type LocationBatch = z.input<typeof locationBatchSchema>;
/** POST /driver/locations (202): how many points were taken (those before the shift's start are not). */
export const locationsAcceptedResponseSchema = z.object({ accepted: z.number().int() });
export type LocationsAcceptedResponse = z.infer<typeof locationsAcceptedResponseSchema>;
