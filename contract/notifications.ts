/**
 * Notificaciones (issue 33, items 6 and 7): a fleet's webhook endpoints, their delivery log, the
 * "Probar" test event, and whether e-mail is configured. Dueño and Administrador only.
 *
 *   GET    /api/notifications/status            → notificationsStatusSchema
 *   GET    /api/webhooks                        → webhookEndpointsResponseSchema
 *   POST   /api/webhooks                        webhookEndpointRequestSchema → 201 webhookEndpointCreatedSchema (the secret, once)
 *   PUT    /api/webhooks/:id                    webhookEndpointRequestSchema → webhookEndpointResponseSchema
 *   DELETE /api/webhooks/:id                    → okResponseSchema
 *   GET    /api/webhooks/:id/secret             → webhookSecretResponseSchema (revealed again, for the managers)
 *   POST   /api/webhooks/:id/test               → 202 webhookDeliveryResponseSchema
 *   GET    /api/webhooks/:id/deliveries         → webhookDeliveriesResponseSchema (newest first, the last 50)
 *
 * What a receiver gets is `webhookEventSchema` (docs/webhooks.md): the same `id` on every retry.
 */
import { z } from 'zod';
import './zodConfig';
import { optionalLine } from './plainText';
import { isoTime } from './fields';

import { alertKinds } from './alerts';

/** The alert kinds the alerts module raises (contract/alerts.ts); each is the webhook event `alert.<kind>`. */
export const ALERT_KINDS = alertKinds;

/** What an endpoint may subscribe to. */
export const SUBSCRIBABLE_EVENT_TYPES = [...ALERT_KINDS.map((kind) => `alert.${kind}` as const), 'booking.assigned'] as const;
export type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];
/** Every event a delivery may carry: the subscribable ones and `test` ("Probar"). */
export const WEBHOOK_EVENT_TYPES = [...SUBSCRIBABLE_EVENT_TYPES, 'test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventTypeLabels: Record<WebhookEventType, string> = {
  'alert.document_expiry': 'Vencimiento de documento',
  'alert.zone_enter': 'Entrada a zona',
  'alert.zone_exit': 'Salida de zona',
  'alert.zone_dwell': 'Permanencia en zona',
  'alert.zone_crossing': 'Cruce de zona',
  'alert.speeding': 'Exceso de velocidad',
  'alert.no_signal': 'Sin señal',
  'alert.signal_back': 'Señal recuperada',
  'alert.long_stop': 'Detención prolongada en viaje',
  'alert.booking_unaccepted': 'Reserva sin aceptar',
  'alert.sos': 'SOS del conductor',
  'alert.maintenance_due': 'Mantención próxima',
  'alert.maintenance_overdue': 'Mantención vencida',
  'booking.assigned': 'Reserva asignada',
  test: 'Prueba (Probar)',
};

/** Endpoints a fleet may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'Flota-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Flota-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'Flota-Event-Type';

const webhookUrl = z
  .string({ error: 'La URL es obligatoria' })
  .trim()
  .min(1, 'La URL es obligatoria')
  .max(MAX_WEBHOOK_URL_LENGTH, 'La URL es demasiado larga')
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.protocol === 'http:' || parsed.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'La URL debe comenzar con http:// o https://')
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return !parsed.username && !parsed.password;
    } catch {
      return true;
    }
  }, 'La URL no puede llevar usuario ni contraseña');

export const webhookEndpointRequestSchema = z.object({
  url: webhookUrl,
  description: optionalLine(120, 'La descripción es demasiado larga'),
  events: z
    .array(z.enum(SUBSCRIBABLE_EVENT_TYPES, { error: 'Tipo de evento desconocido' }), { error: 'Elige al menos un evento' })
    .min(1, 'Elige al menos un evento')
    .max(SUBSCRIBABLE_EVENT_TYPES.length, 'Demasiados eventos')
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean({ error: 'Indica si el endpoint está activo' }).optional().default(true),
});
export type WebhookEndpointRequest = z.input<typeof webhookEndpointRequestSchema>;

export const deliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(SUBSCRIBABLE_EVENT_TYPES)),
  enabled: z.boolean(),
  /** The secret's last 4 characters, to tell two apart. */
  secret_hint: z.string(),
  created_at: isoTime,
  /** Deliveries waiting (first try or a retry), delivered and failed in the last 7 days. */
  counts: z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
  last_delivery: z.object({ status: deliveryStatusSchema, at: isoTime, status_code: z.number().int().nullable(), error: z.string().nullable() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointsResponse = z.infer<typeof webhookEndpointsResponseSchema>;
export const webhookEndpointResponseSchema = z.object({ endpoint: webhookEndpointSchema });
export type WebhookEndpointResponse = z.infer<typeof webhookEndpointResponseSchema>;
export const webhookEndpointCreatedSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;
export const webhookSecretResponseSchema = z.object({ secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: isoTime,
  last_attempt_at: isoTime.nullable(),
  next_attempt_at: isoTime.nullable(),
  delivered_at: isoTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponseSchema>;
export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;

export const notificationsStatusSchema = z.object({
  email: z.object({ configured: z.boolean(), from: z.string().nullable() }),
  webhooks: z.object({ max_endpoints: z.number().int(), max_attempts: z.number().int(), timeout_seconds: z.number(), private_addresses_allowed: z.boolean() }),
  event_types: z.array(z.object({ type: z.enum(SUBSCRIBABLE_EVENT_TYPES), label: z.string() })),
});
export type NotificationsStatus = z.infer<typeof notificationsStatusSchema>;

/** An alert as a webhook carries it (`data.alert`). */
export const webhookAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  occurred_at: isoTime,
  title: z.string(),
  detail: z.string().nullable(),
  vehicle: z.object({ id: z.string(), plate: z.string() }).nullable(),
  driver: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
  zone: z.object({ id: z.string(), name: z.string() }).nullable(),
  position: z.object({ lat: z.number(), lng: z.number(), speed_kmh: z.number().nullable() }).nullable(),
});
export type WebhookAlert = z.infer<typeof webhookAlertSchema>;

/**
 * The JSON body of every delivery. `id` names the event: a retry sends the same id (and the same
 * bytes), so a receiver that has seen it answers 2xx and does nothing.
 */
export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  created_at: isoTime,
  /** `alert.*`: `{alert}`; `test`: `{message, endpoint_id}`; `booking.assigned`: the booking's fields. */
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export const alertWebhookEventSchema = webhookEventSchema.extend({ data: z.object({ alert: webhookAlertSchema }) });
