/**
 * Seguimiento (issue 36): the passenger's view of one trip, reached by a random link, and the desk's
 * handle on that link. Times ISO 8601 UTC, durations in seconds.
 *
 * Public routes (no token; rate-limited per address; an unknown, expired or revoked token answers
 * 404 {error: "Este viaje terminó"}, always the same):
 *   GET    /api/public/tracking/:token           → trackingViewResponseSchema
 *   GET    /api/public/tracking/:token/stream    text/event-stream: `view` events (trackingViewSchema), `gone` when it ends
 *
 * Desk routes (desk token, any desk role; another fleet's booking: 404):
 *   GET    /api/tracking/bookings/:id            → trackingLinkResponseSchema (link null before a taxi is assigned)
 *   POST   /api/tracking/bookings/:id/revoke     → trackingLinkResponseSchema (the link stops answering at once)
 *   GET    /api/tracking/settings                → trackingSettingsResponseSchema
 *   PUT    /api/tracking/settings                trackingSettingsSchema → trackingSettingsResponseSchema (Dueño only)
 */
import { z } from 'zod';
import './zodConfig';
import { TRACKING_STATES } from './trackingWords';

export * from './trackingWords';

export const trackingStateSchema = z.enum(TRACKING_STATES);
export type TrackingState = z.infer<typeof trackingStateSchema>;
/**
 * Everything the passenger's page receives, and nothing more (the allow-list the security tests
 * check every answer against): the fleet's name and phone, the pickup, the taxi, the driver's first
 * name, the taxi's position while it matters, and the ETA. No destination, no customer, no surname.
 */
export const trackingViewSchema = z.strictObject({
  fleet: z.strictObject({ name: z.string(), phone: z.string().nullable() }),
  state: trackingStateSchema,
  pickup: z.strictObject({ latitude: z.number(), longitude: z.number(), label: z.string() }),
  taxi: z.strictObject({ plate: z.string(), model: z.string().nullable(), color: z.string().nullable() }).nullable(),
  driver_first_name: z.string().nullable(),
  position: z.strictObject({ latitude: z.number(), longitude: z.number(), at: z.string() }).nullable(),
  eta_s: z.number().int().nullable(),
});
export type TrackingView = z.infer<typeof trackingViewSchema>;
export const trackingViewResponseSchema = z.strictObject({ tracking: trackingViewSchema });
export type TrackingViewResponse = z.infer<typeof trackingViewResponseSchema>;

/** GET …/stream: text/event-stream, `event: view` lines carrying a trackingViewSchema, `event: gone` at the end. */
export const trackingStreamSchema = z.string().describe('text/event-stream: eventos `view` (la vista) y `gone`');

/** The desk's view of a booking's link. */
export const trackingLinkSchema = z.object({
  booking_id: z.number().int(),
  token: z.string(),
  /** Where the page is, on the server that answered (the desk shares this). */
  path: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;
export const trackingLinkResponseSchema = z.object({ link: trackingLinkSchema.nullable() });
export type TrackingLinkResponse = z.infer<typeof trackingLinkResponseSchema>;

/** The fleet's tracking settings (the Dueño's). */
export const trackingSettingsSchema = z.object({
  phone: z
    .string()
    .trim()
    .max(30, 'El teléfono es demasiado largo')
    .regex(/^[+0-9 ()-]*$/, 'El teléfono solo puede tener números, espacios y +')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null),
  position_after_boarding: z.boolean({ error: 'Indica sí o no' }).default(false),
  /** "Pedir un taxi": the fleet's public request page answers (off by default; contract/taxiRequests.ts). */
  requests_enabled: z.boolean({ error: 'Indica sí o no' }).default(false),
  /** A web request goes to the nearest free taxi at once (on by default); off: it waits on the board for the desk. */
  requests_auto_offer: z.boolean({ error: 'Indica sí o no' }).default(true),
});
export type TrackingSettingsInput = z.input<typeof trackingSettingsSchema>;
export const trackingSettingsOutputSchema = z.object({
  phone: z.string().nullable(),
  position_after_boarding: z.boolean(),
  requests_enabled: z.boolean(),
  requests_auto_offer: z.boolean(),
  /** The fleet's "Pedir un taxi" page (/pedir/<fleet code>), to copy; it answers only while requests_enabled. */
  requests_path: z.string(),
});
export type TrackingSettings = z.infer<typeof trackingSettingsOutputSchema>;
export type StoredTrackingSettings = Omit<TrackingSettings, 'requests_path'>;
export const trackingSettingsResponseSchema = z.object({ settings: trackingSettingsOutputSchema });
export type TrackingSettingsResponse = z.infer<typeof trackingSettingsResponseSchema>;

