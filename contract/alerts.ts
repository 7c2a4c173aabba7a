/**
 * Alertas (issue 33): zones drawn on the map, the rules that route each kind of event, the desk's
 * inbox and the driver's SOS. Requests are parsed with these schemas on the server and typed from
 * them on the client; answers are described by them in the OpenAPI document.
 */
import { z } from 'zod';
import './zodConfig';
import { singleLine } from './plainText';
import { isoTime } from './fields';

/** Every kind of alert the events engine raises (the documents issue adds its reminders here). */
export const alertKinds = ['zone_enter', 'zone_exit', 'zone_dwell', 'zone_crossing', 'speeding', 'no_signal', 'signal_back', 'long_stop', 'booking_unaccepted', 'sos', 'document_expiry', 'maintenance_due', 'maintenance_overdue'] as const;
export type AlertKind = (typeof alertKinds)[number];
export const alertKindLabels: Record<AlertKind, string> = {
  zone_enter: 'Entrada a zona',
  zone_exit: 'Salida de zona',
  zone_dwell: 'Permanencia en zona',
  zone_crossing: 'Cruce de zona',
  speeding: 'Exceso de velocidad',
  no_signal: 'Sin señal',
  signal_back: 'Señal recuperada',
  long_stop: 'Detención prolongada en viaje',
  booking_unaccepted: 'Reserva sin aceptar',
  sos: 'SOS',
  document_expiry: 'Vencimiento de documento',
  maintenance_due: 'Mantención próxima',
  maintenance_overdue: 'Mantención vencida',
};

export const zoneKinds = ['paradero', 'zona_servicio', 'zona_restringida', 'terminal', 'otra'] as const;
export type ZoneKind = (typeof zoneKinds)[number];
export const zoneKindLabels: Record<ZoneKind, string> = {
  paradero: 'Paradero',
  zona_servicio: 'Zona de servicio',
  zona_restringida: 'Zona restringida',
  terminal: 'Terminal o aeropuerto',
  otra: 'Otra',
};

/** Documented limits (docs/api.md): vertices of one polygon, zones of one fleet, a circle's radius. */
export const MAX_ZONE_VERTICES = 500;
export const MAX_ZONES_PER_FLEET = 1000;
export const MAX_CIRCLE_RADIUS_M = 50_000;

export const ZoneMessages = {
  name: 'El nombre es obligatorio',
  kind: 'Tipo de zona inválido',
  color: 'Color inválido: usa #rrggbb',
  geometry: 'La forma debe ser un polígono o un círculo',
  coordinates: 'Coordenadas inválidas',
  tooFewVertices: 'El polígono necesita al menos 3 vértices distintos',
  tooManyVertices: `El polígono no puede tener más de ${MAX_ZONE_VERTICES} vértices`,
  selfIntersecting: 'El polígono se cruza consigo mismo',
  emptyArea: 'El polígono no encierra ningún área',
  radius: 'El radio del círculo debe ser mayor que 0',
  radiusTooLarge: `El radio del círculo no puede superar ${MAX_CIRCLE_RADIUS_M / 1000} km`,
  speedLimit: 'Límite de velocidad inválido (5 a 300 km/h)',
  dwell: 'Tiempo de permanencia inválido (1 a 1440 minutos)',
  hours: 'Horario inválido: usa HH:MM',
  tooManyZones: `Una flota puede tener a lo sumo ${MAX_ZONES_PER_FLEET} zonas`,
  notFound: 'Zona no encontrada',
  importEmpty: 'El archivo GeoJSON no trae zonas',
  importInvalid: 'GeoJSON inválido: se espera una FeatureCollection de polígonos o puntos con radius_m',
} as const;

const lng = z.number({ error: ZoneMessages.coordinates }).min(-180, ZoneMessages.coordinates).max(180, ZoneMessages.coordinates);
const lat = z.number({ error: ZoneMessages.coordinates }).min(-90, ZoneMessages.coordinates).max(90, ZoneMessages.coordinates);
const position = z.tuple([lng, lat], { error: ZoneMessages.coordinates });

/** GeoJSON: a polygon of one ring (no holes), longitude first; or a circle's centre with radius_m. */
export const zonePolygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(position).max(MAX_ZONE_VERTICES + 1, ZoneMessages.tooManyVertices), { error: ZoneMessages.coordinates }).length(1, ZoneMessages.coordinates),
});
export const zonePointSchema = z.object({ type: z.literal('Point'), coordinates: position });
export const zoneGeometrySchema = z.discriminatedUnion('type', [zonePolygonSchema, zonePointSchema], { error: ZoneMessages.geometry });
export type ZoneGeometry = z.infer<typeof zoneGeometrySchema>;

const hhmm = z.string({ error: ZoneMessages.hours }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, ZoneMessages.hours);
export const activeHoursSchema = z.object({ from: hhmm, to: hhmm }).refine((h) => h.from !== h.to, { message: ZoneMessages.hours, path: ['to'] });

/** POST /zones and PUT /zones/:id. The server also checks the shape (self-intersection, area). */
export const zoneRequestSchema = z
  .object({
    name: singleLine(z.string({ error: ZoneMessages.name }).trim().min(1, ZoneMessages.name).max(80, 'El nombre no puede superar 80 caracteres')),
    kind: z.enum(zoneKinds, { error: ZoneMessages.kind }),
    color: z.string({ error: ZoneMessages.color }).regex(/^#[0-9a-fA-F]{6}$/, ZoneMessages.color).transform((c) => c.toLowerCase()),
    geometry: zoneGeometrySchema,
    radius_m: z.number({ error: ZoneMessages.radius }).positive(ZoneMessages.radius).max(MAX_CIRCLE_RADIUS_M, ZoneMessages.radiusTooLarge).nullish().transform((v) => v ?? null),
    speed_limit_kmh: z.number({ error: ZoneMessages.speedLimit }).int(ZoneMessages.speedLimit).min(5, ZoneMessages.speedLimit).max(300, ZoneMessages.speedLimit).nullish().transform((v) => v ?? null),
    dwell_minutes: z.number({ error: ZoneMessages.dwell }).int(ZoneMessages.dwell).min(1, ZoneMessages.dwell).max(1440, ZoneMessages.dwell).nullish().transform((v) => v ?? null),
    active_hours: activeHoursSchema.nullish().transform((v) => v ?? null),
  })
  .refine((zone) => zone.geometry.type !== 'Point' || zone.radius_m !== null, { message: ZoneMessages.radius, path: ['radius_m'] });
export type ZoneRequest = z.input<typeof zoneRequestSchema>;
export type ZoneInput = z.output<typeof zoneRequestSchema>;

export const zoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(zoneKinds),
  color: z.string(),
  geometry: zoneGeometrySchema,
  radius_m: z.number().nullable(),
  speed_limit_kmh: z.number().int().nullable(),
  dwell_minutes: z.number().int().nullable(),
  active_hours: z.object({ from: z.string(), to: z.string() }).nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Zone = z.infer<typeof zoneSchema>;
export const zoneResponseSchema = z.object({ zone: zoneSchema });
export const zonesResponseSchema = z.object({ zones: z.array(zoneSchema), limits: z.object({ max_zones: z.number().int(), max_vertices: z.number().int() }) });
export type ZonesResponse = z.infer<typeof zonesResponseSchema>;

/** GeoJSON import and export: a FeatureCollection whose features carry the zone's fields as properties. */
export const zoneFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.unknown(),
  properties: z.record(z.string(), z.unknown()).nullish(),
});
export const zoneCollectionSchema = z.object({
  type: z.literal('FeatureCollection', { error: ZoneMessages.importInvalid }),
  features: z.array(zoneFeatureSchema, { error: ZoneMessages.importInvalid }).min(1, ZoneMessages.importEmpty).max(MAX_ZONES_PER_FLEET, ZoneMessages.tooManyZones),
});
export type ZoneCollection = z.infer<typeof zoneCollectionSchema>;
export const zoneImportResponseSchema = z.object({ zones: z.array(zoneSchema) });

/** "Silenciar 1 hora": a zone's alerts reach neither the desk nor the rules' e-mail for this long (SOS has no zone: never muted). */
export const ZONE_MUTE_MINUTES = 60;
export const zoneMuteSchema = z.object({ zone_id: z.number().int(), zone_name: z.string(), muted_until: isoTime, muted_by: z.string() });
export type ZoneMute = z.infer<typeof zoneMuteSchema>;
export const zoneMuteResponseSchema = z.object({ mute: zoneMuteSchema });
export type ZoneMuteResponse = z.infer<typeof zoneMuteResponseSchema>;
export const zoneMutesResponseSchema = z.object({ mutes: z.array(zoneMuteSchema) });
export type ZoneMutesResponse = z.infer<typeof zoneMutesResponseSchema>;

/** Rules: which kinds (for which zones and taxis) reach the desk and which e-mail addresses. */
export const RuleMessages = {
  name: 'El nombre es obligatorio',
  kinds: 'Elige al menos un tipo de alerta',
  email: 'Correo electrónico inválido',
  tooManyEmails: 'A lo sumo 10 correos por regla',
  zone: 'Una de las zonas no existe',
  vehicle: 'Uno de los vehículos no existe',
  noChannel: 'Elige al menos un canal: escritorio o correo',
  notFound: 'Regla no encontrada',
} as const;
const idList = z.array(z.number().int().positive().max(2_147_483_647)).max(1000);
export const alertRuleRequestSchema = z
  .object({
    name: singleLine(z.string({ error: RuleMessages.name }).trim().min(1, RuleMessages.name).max(80, 'El nombre no puede superar 80 caracteres')),
    kinds: z.array(z.enum(alertKinds, { error: RuleMessages.kinds }), { error: RuleMessages.kinds }).min(1, RuleMessages.kinds).max(alertKinds.length).transform((k) => [...new Set(k)]),
    zone_ids: idList.nullish().transform((v) => v ?? null),
    vehicle_ids: idList.nullish().transform((v) => v ?? null),
    desk: z.boolean().default(true),
    email_to: z.array(z.string().trim().toLowerCase().pipe(z.email({ error: RuleMessages.email })), { error: RuleMessages.email }).max(10, RuleMessages.tooManyEmails).default([]),
  })
  .refine((rule) => rule.desk || rule.email_to.length > 0, { message: RuleMessages.noChannel, path: ['desk'] });
export type AlertRuleRequest = z.input<typeof alertRuleRequestSchema>;
export type AlertRuleInput = z.output<typeof alertRuleRequestSchema>;
export const alertRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kinds: z.array(z.enum(alertKinds)),
  zone_ids: z.array(z.number().int()).nullable(),
  vehicle_ids: z.array(z.number().int()).nullable(),
  desk: z.boolean(),
  email_to: z.array(z.string()),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;
export const alertRuleResponseSchema = z.object({ rule: alertRuleSchema });
export const alertRulesResponseSchema = z.object({ rules: z.array(alertRuleSchema) });

/** One alert as the inbox lists it. */
export const alertSchema = z.object({
  id: z.number().int(),
  kind: z.enum(alertKinds),
  occurred_at: isoTime,
  title: z.string(),
  detail: z.string().nullable(),
  shift_id: z.number().int().nullable(),
  vehicle: z.object({ id: z.number().int(), plate: z.string() }).nullable(),
  driver: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }).nullable(),
  zone: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** `at`: when the phone took that fix (an SOS sent with the phone's last known position is older than the press; a fix that followed it is newer). */
  position: z.object({ latitude: z.number(), longitude: z.number(), speed_kmh: z.number().nullable(), at: isoTime }).nullable(),
  acknowledged: z.object({ at: isoTime, by: z.string(), note: z.string().nullable() }).nullable(),
  /** An SOS: the driver's presses within the episode, joined into this one alert (1 for every other alert). */
  presses: z.number().int(),
});
export type Alert = z.infer<typeof alertSchema>;

export const ALERTS_PAGE_SIZE = 50;
export const alertStates = ['open', 'acknowledged'] as const;
const idFilter = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message).optional();
/** GET /alerts: newest first, filtered; `before` (an alert id) pages back. */
export const alertsQuerySchema = z.object({
  kind: z.enum(alertKinds, { error: 'Tipo de alerta inválido' }).optional(),
  zone_id: idFilter('Zona inválida'),
  vehicle_id: idFilter('Vehículo inválido'),
  state: z.enum(alertStates, { error: 'Estado inválido' }).optional(),
  before: idFilter('Página inválida'),
});
export type AlertsQuery = z.input<typeof alertsQuerySchema>;
export const alertsResponseSchema = z.object({ alerts: z.array(alertSchema), open_count: z.number().int(), has_more: z.boolean() });
export type AlertsResponse = z.infer<typeof alertsResponseSchema>;
/** `open_sos` counts open SOS alerts; `sos_drivers` names the drivers they belong to, once each (the SOS banner counts people). */
export const alertSummaryResponseSchema = z.object({ open_count: z.number().int(), open_sos: z.number().int(), sos_drivers: z.array(z.number().int()) });
export type AlertSummary = z.infer<typeof alertSummaryResponseSchema>;
export const acknowledgeRequestSchema = z.object({ note: z.string().trim().max(500, 'La nota no puede superar 500 caracteres').nullish().transform((v) => (v ? v : null)) });
export const alertResponseSchema = z.object({ alert: alertSchema });

/** Documented limit (docs/api.md): alerts named in one "Reconocer seleccionadas". */
export const MAX_ACKNOWLEDGE_IDS = 500;
export const BulkAcknowledgeMessages = {
  target: 'Indica las alertas (ids) o un tipo de alerta, no ambos',
  ids: `Lista de alertas inválida: de 1 a ${MAX_ACKNOWLEDGE_IDS} ids`,
  kind: 'Tipo de alerta inválido',
} as const;
const ackIds = z
  .array(z.number({ error: BulkAcknowledgeMessages.ids }).int(BulkAcknowledgeMessages.ids).min(1, BulkAcknowledgeMessages.ids).max(2_147_483_647, BulkAcknowledgeMessages.ids), { error: BulkAcknowledgeMessages.ids })
  .min(1, BulkAcknowledgeMessages.ids)
  .max(MAX_ACKNOWLEDGE_IDS, BulkAcknowledgeMessages.ids)
  .transform((ids) => [...new Set(ids)]);
/**
 * POST /alerts/acknowledge: "Reconocer seleccionadas" (`ids`) or "Reconocer todas las de este tipo"
 * (`kind`: every open alert of that kind), one optional note for all of them, in one call.
 */
export const bulkAcknowledgeRequestSchema = z
  .object({
    ids: ackIds.optional(),
    kind: z.enum(alertKinds, { error: BulkAcknowledgeMessages.kind }).optional(),
    note: acknowledgeRequestSchema.shape.note,
  })
  .refine((body) => (body.ids === undefined) !== (body.kind === undefined), { message: BulkAcknowledgeMessages.target, path: ['ids'] });
export type BulkAcknowledgeRequest = z.input<typeof bulkAcknowledgeRequestSchema>;
/** The alerts this call acknowledged (one already acknowledged by someone else is left as it was, and out of the list). */
export const bulkAcknowledgeResponseSchema = z.object({ alerts: z.array(alertSchema), acknowledged: z.number().int() });
export type BulkAcknowledgeResponse = z.infer<typeof bulkAcknowledgeResponseSchema>;
export type AlertResponse = z.infer<typeof alertResponseSchema>;

/** Documented limit (docs/api.md): the last known position an SOS carries is at most a day old. */
export const MAX_SOS_POSITION_AGE_SECONDS = 86_400;
export const SosMessages = {
  clientId: 'Identificador de SOS inválido',
  time: 'Hora inválida',
  positionAge: `Antigüedad de la posición inválida: usa segundos enteros, de 0 a ${MAX_SOS_POSITION_AGE_SECONDS}`,
  ageWithoutPosition: 'La antigüedad de la posición necesita latitud y longitud',
  notFound: 'SOS no encontrado',
} as const;
const clientId = z.uuid({ error: SosMessages.clientId });
const sosTime = z.iso.datetime({ offset: true, error: SosMessages.time });

/**
 * The driver's SOS, sent the moment the hold ends with the phone's last known position (never
 * waiting for the GPS): `position_age_seconds` says how old that fix was at `timestamp` (absent, as
 * older phones send it: as fresh as the press). `client_id` makes a retried (queued offline) press count once.
 */
export const sosRequestSchema = z
  .object({
    client_id: clientId,
    latitude: lat.nullish().transform((v) => v ?? null),
    longitude: lng.nullish().transform((v) => v ?? null),
    position_age_seconds: z
      .number({ error: SosMessages.positionAge })
      .int(SosMessages.positionAge)
      .min(0, SosMessages.positionAge)
      .max(MAX_SOS_POSITION_AGE_SECONDS, SosMessages.positionAge)
      .nullish()
      .transform((v) => v ?? null),
    timestamp: sosTime,
  })
  .refine((sos) => sos.position_age_seconds === null || (sos.latitude !== null && sos.longitude !== null), { message: SosMessages.ageWithoutPosition, path: ['position_age_seconds'] });
export type SosRequest = z.input<typeof sosRequestSchema>;
export type SosInput = z.output<typeof sosRequestSchema>;
/**
 * PUT /driver/sos/position: the fresh fix the phone asks for after a press, sent when it comes, as
 * the position of that press's alert (`client_id`); `timestamp` is the fix's own time.
 */
export const sosFixRequestSchema = z.object({ client_id: clientId, latitude: lat, longitude: lng, timestamp: sosTime });
export type SosFixRequest = z.input<typeof sosFixRequestSchema>;
export const driverSosSchema = z.object({ id: z.number().int(), client_id: z.string(), received_at: isoTime, acknowledged_at: isoTime.nullable() });
export type DriverSos = z.infer<typeof driverSosSchema>;
export const driverSosResponseSchema = z.object({ sos: driverSosSchema.nullable() });
export type DriverSosResponse = z.infer<typeof driverSosResponseSchema>;

/** Socket payloads: a new alert, one that changed (acknowledged, top speed), and the driver's SOS state. */
export const alertRaisedPayloadSchema = z.object({ alert: alertSchema });
export const alertChangedPayloadSchema = z.object({ alert: alertSchema });
export const sosChangedPayloadSchema = driverSosResponseSchema;
