/**
 * "Pedir un taxi" (issue 36, item 5): a fleet's public page where a passenger asks for a taxi, off
 * until the Dueño switches it on (PUT /api/tracking/settings, requests_enabled), and the desk's
 * list of numbers the page refuses.
 *
 * Public routes (no session; the fleet by its code; an unknown code and a fleet whose page is off
 * answer the same 404 {error: "Esta página de pedidos no existe o no está activa"}):
 *   GET    /api/public/requests/:fleetCode   → taxiRequestPageResponseSchema (the fleet's name and phone, its saved places' names)
 *   POST   /api/public/requests/:fleetCode   taxiRequestSchema → 201 taxiRequestResponseSchema (the new trip's tracking link)
 *
 * Desk routes (desk token, any desk role):
 *   GET    /api/tracking/blocked-phones      → blockedPhonesResponseSchema
 *   POST   /api/tracking/blocked-phones      blockPhoneSchema → 201 blockedPhoneResponseSchema
 *   DELETE /api/tracking/blocked-phones/:id  → okResponseSchema
 */
import { z } from 'zod';
import './zodConfig';
import { optionalLine, singleLine } from './plainText';
import { insideServiceArea, OUTSIDE_AREA_MESSAGE } from './dispatch';
import { optionalText, trimmed } from './fields';
import { normalizeChileanPhone } from './phone';
import { HONEYPOT_FIELD, REQUEST_LIMITS, TaxiRequestMessages } from './taxiRequestWords';

export * from './taxiRequestWords';

/**
 * What the page shows before the passenger types: nothing but the fleet's name, phone, its places'
 * names, and where its map starts (the middle of its saved places, to two decimals: about a km).
 */
export const taxiRequestPageSchema = z.strictObject({
  fleet: z.strictObject({ name: z.string(), phone: z.string().nullable() }),
  places: z.array(z.string()),
  center: z.strictObject({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type TaxiRequestPage = z.infer<typeof taxiRequestPageSchema>;
export const taxiRequestPageResponseSchema = z.strictObject({ page: taxiRequestPageSchema });
export type TaxiRequestPageResponse = z.infer<typeof taxiRequestPageResponseSchema>;

export const requestPhoneField = z
  .string({ error: TaxiRequestMessages.phone })
  .trim()
  .max(30, TaxiRequestMessages.phone)
  .transform((value, ctx) => {
    const phone = normalizeChileanPhone(value);
    if (!phone) ctx.addIssue({ code: 'custom', message: TaxiRequestMessages.phone });
    return phone ?? '';
  });

const coordinate = (min: number, max: number, message: string) => z.number({ error: message }).min(min, message).max(max, message);
const pointPickup = (kind: 'ubicacion' | 'mapa') =>
  z
    .object({
      kind: z.literal(kind),
      latitude: coordinate(-90, 90, 'Latitud inválida'),
      longitude: coordinate(-180, 180, 'Longitud inválida'),
      /** What the passenger typed to help the driver find them ("Edificio azul, portón 2"). */
      reference: optionalLine(REQUEST_LIMITS.reference, 'La referencia es demasiado larga'),
    })
    .refine((p) => insideServiceArea(p.latitude, p.longitude), { message: OUTSIDE_AREA_MESSAGE, path: ['latitude'] });

export const requestPickupSchema = z.discriminatedUnion(
  'kind',
  [
    pointPickup('ubicacion'),
    pointPickup('mapa'),
    z.object({
      kind: z.literal('lugar'),
      /** One of the names GET …/requests/:fleetCode listed. */
      name: singleLine(trimmed.min(1, TaxiRequestMessages.pickup).max(80, TaxiRequestMessages.unknownPlace)),
      reference: optionalLine(REQUEST_LIMITS.reference, 'La referencia es demasiado larga'),
    }),
  ],
  { error: TaxiRequestMessages.pickup },
);
export type RequestPickup = z.infer<typeof requestPickupSchema>;

/** POST /api/public/requests/:fleetCode. `sitio_web` is the honeypot: hidden from people, left empty. */
export const taxiRequestSchema = z.object({
  phone: requestPhoneField,
  name: singleLine(z.string({ error: TaxiRequestMessages.name }).trim().min(1, TaxiRequestMessages.name).max(REQUEST_LIMITS.name, 'El nombre es demasiado largo')),
  pickup: requestPickupSchema,
  notes: optionalText(REQUEST_LIMITS.notes, 'Las notas son demasiado largas'),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type TaxiRequestInput = z.input<typeof taxiRequestSchema>;
export type TaxiRequest = z.infer<typeof taxiRequestSchema>;

/** The trip's tracking link: the page sends the passenger there ("Buscando taxi"). */
export const taxiRequestResponseSchema = z.strictObject({ token: z.string(), path: z.string() });
export type TaxiRequestResponse = z.infer<typeof taxiRequestResponseSchema>;

export const blockedPhoneSchema = z.object({ id: z.number().int(), phone: z.string(), created_at: z.string() });
export type BlockedPhone = z.infer<typeof blockedPhoneSchema>;
export const blockedPhonesResponseSchema = z.object({ phones: z.array(blockedPhoneSchema) });
export type BlockedPhonesResponse = z.infer<typeof blockedPhonesResponseSchema>;
export const blockedPhoneResponseSchema = z.object({ phone: blockedPhoneSchema });
export type BlockedPhoneResponse = z.infer<typeof blockedPhoneResponseSchema>;
export const blockPhoneSchema = z.object({ phone: requestPhoneField });
export type BlockPhoneInput = z.input<typeof blockPhoneSchema>;
