/** The activity log: who changed what, and when (GET /activity, owner and administrators). */
import { z } from 'zod';
import './zodConfig';
import { isIsoDate } from './common';
import { isoTime } from './fields';

/** What the activity log records about. */
export const activityEntities = ['driver', 'vehicle', 'user', 'device', 'shift', 'booking', 'customer', 'place', 'webhook', 'account_entry', 'account_terms', 'account_settings', 'zone', 'alert_rule', 'alert', 'fare_tariff', 'document', 'odometer', 'maintenance_plan', 'maintenance_record'] as const;
export type ActivityEntity = (typeof activityEntities)[number];
export const activityEntityLabels: Record<ActivityEntity, string> = {
  driver: 'Conductor',
  vehicle: 'Vehículo',
  user: 'Usuario',
  device: 'Identificador de dispositivo',
  shift: 'Turno',
  booking: 'Reserva',
  customer: 'Cliente',
  place: 'Lugar guardado',
  webhook: 'Webhook',
  account_entry: 'Movimiento de cuenta',
  account_terms: 'Condiciones de cuenta',
  account_settings: 'Ajustes de cuentas',
  zone: 'Zona',
  alert_rule: 'Regla de alertas',
  alert: 'Alerta',
  fare_tariff: 'Tarifa',
  document: 'Documento',
  odometer: 'Odómetro',
  maintenance_plan: 'Plan de mantención',
  maintenance_record: 'Registro de mantención',
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
  acknowledged: 'Reconoció',
  assigned_despite_documents: 'Asignó con documentos vencidos',
  muted: 'Silenció las alertas de',
  unmuted: 'Reactivó las alertas de',
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
export const activityActorSchema = z.object({ key: z.string(), name: z.string(), role: z.string() });
export const activityResponseSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Entries matching the filters in all. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Everyone who may appear as "who" (filter choices), desk accounts deleted or not. */
  actors: z.array(activityActorSchema),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
