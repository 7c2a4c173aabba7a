/** The fleet's vehicles (GET/POST /vehicles, PUT/DELETE /vehicles/:id). */
import { z } from 'zod';
import './zodConfig';
import { optionalLine } from './plainText';
import { trimmed } from './fields';
import { isValidPlate, normalizePlate } from './plate';

export const MIN_VEHICLE_YEAR = 1900;
export const maxVehicleYear = (now: Date = new Date()): number => now.getFullYear() + 1;

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

const vehicleFields = {
  model: optionalLine(60, 'El modelo es demasiado largo'),
  color: optionalLine(30, 'El color es demasiado largo'),
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
export const vehiclesResponseSchema = z.object({ vehicles: z.array(vehicleSchema), count: z.number().int() });
export type VehiclesResponse = z.infer<typeof vehiclesResponseSchema>;
export const vehicleResponseSchema = z.object({ vehicle: vehicleSchema });
export type VehicleResponse = z.infer<typeof vehicleResponseSchema>;
