/**
 * Alertas' routes as the API declares them: zones and rules are the Dueño's and the Administrador's
 * to change, but every desk role reads the zones (the live and dispatch maps' layer); the inbox and
 * "Reconocer" every desk role's; SOS the driver's phone.
 */
import {
  acknowledgeRequestSchema,
  alertResponseSchema,
  alertRuleRequestSchema,
  alertRuleResponseSchema,
  alertRulesResponseSchema,
  alertsQuerySchema,
  alertsResponseSchema,
  alertSummaryResponseSchema,
  bulkAcknowledgeRequestSchema,
  bulkAcknowledgeResponseSchema,
  driverSosResponseSchema,
  sosFixRequestSchema,
  sosRequestSchema,
  zoneCollectionSchema,
  zoneImportResponseSchema,
  zoneRequestSchema,
  zoneMuteResponseSchema,
  zoneMutesResponseSchema,
  zoneResponseSchema,
  zonesResponseSchema,
} from '../../../contract/alerts';
import { okResponseSchema } from '../../../contract/common';
import { EVERY_DESK_ROLE, FLEET_MANAGERS } from '../../../contract/roles';
import { driver, errors, idParams, owner, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { DRIVER, routeSpec } from '../../platform/routeSpec';
import { blanksAsAbsent } from '../../platform/requestValidation';

export const openApiTags = {
  zones: { name: 'Zonas', description: 'Polígonos y círculos de la flota, con límite de velocidad, permanencia y horario; importación y exportación GeoJSON.' },
  alerts: { name: 'Alertas', description: 'La bandeja de alertas (entradas y salidas de zona, velocidad, sin señal, SOS…), su reconocimiento y las reglas que deciden a quién llegan.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });
type Rest = Omit<Parameters<typeof routeSpec>[1], 'summary' | 'tags' | 'security'>;
const managers = <R extends Rest>(tag: string, summary: string, rest: R) => routeSpec(FLEET_MANAGERS, { summary, tags: [tag], security: owner, ...rest });
const desk = <R extends Rest>(summary: string, rest: R, tag: string = Tags.alerts) => routeSpec(EVERY_DESK_ROLE, { summary, tags: [tag], security: owner, ...rest });
const phone = <R extends Rest>(summary: string, rest: R) => routeSpec(DRIVER, { summary, tags: [Tags.driverApp], security: driver, ...rest });

export const routeSpecs = {
  // Read by every desk role: an Operador sees the zones on the live and dispatch maps.
  listZones: desk('Zonas de la flota', { description: 'Todo el escritorio las lee (la capa Zonas de los mapas); solo el Dueño y el Administrador las cambian.', response: { 200: zonesResponseSchema, ...errors(401) } }, Tags.zones),
  createZone: managers(Tags.zones, 'Crear una zona', {
    description: 'Un polígono (GeoJSON Polygon de un anillo, longitud primero) o un círculo (Point con `radius_m`). Se rechaza un polígono que se cruza consigo mismo, sin área o con más vértices de los permitidos, un círculo de radio 0 y una zona más allá del límite de la flota.',
    body: zoneRequestSchema,
    response: { 201: zoneResponseSchema, ...errors(400, 401, 403) },
  }),
  updateZone: managers(Tags.zones, 'Modificar una zona', { params: idParams, body: zoneRequestSchema, response: { 200: zoneResponseSchema, ...errors(400, 401, 403, 404) } }),
  deleteZone: managers(Tags.zones, 'Eliminar una zona', { params: idParams, response: { 200: okResponseSchema, ...errors(401, 403, 404) } }),
  exportZones: managers(Tags.zones, 'Exportar las zonas (GeoJSON)', {
    description: 'Una FeatureCollection: cada zona con sus datos en `properties`; un círculo es un Point con `radius_m`.',
    response: { 200: zoneCollectionSchema, ...errors(401, 403) },
  }),
  importZones: managers(Tags.zones, 'Importar zonas (GeoJSON)', {
    description: 'Todas o ninguna: una zona inválida rechaza el archivo entero con el número de la zona en el mensaje.',
    body: zoneCollectionSchema,
    response: { 201: zoneImportResponseSchema, ...errors(400, 401, 403) },
  }),

  // Every desk role: the dispatcher on a busy night is who mutes a noisy zone.
  listZoneMutes: desk('Zonas silenciadas', { description: 'Las zonas cuyas alertas no llegan al escritorio ni al correo de las reglas, y hasta cuándo.', response: { 200: zoneMutesResponseSchema, ...errors(401) } }, Tags.zones),
  muteZone: desk(
    'Silenciar una zona 1 hora',
    {
      description:
        'Durante 60 minutos (reloj del servidor) las alertas de la zona se guardan pero no llegan al escritorio ni al correo de las reglas; los webhooks siguen. Silenciarla otra vez cuenta la hora desde ahora. El SOS no tiene zona: nunca se silencia. Queda en Actividad.',
      params: idParams,
      response: { 200: zoneMuteResponseSchema, ...errors(401, 404) },
    },
    Tags.zones,
  ),
  unmuteZone: desk('Reactivar una zona silenciada', { params: idParams, response: { 200: okResponseSchema, ...errors(401, 404) } }, Tags.zones),

  listRules: managers(Tags.alerts, 'Reglas de alertas', {
    description: 'Una flota nueva empieza con reglas por omisión: SOS y sin señal al escritorio, y las de zonas, velocidad y viajes también.',
    response: { 200: alertRulesResponseSchema, ...errors(401, 403) },
  }),
  createRule: managers(Tags.alerts, 'Crear una regla', { body: alertRuleRequestSchema, response: { 201: alertRuleResponseSchema, ...errors(400, 401, 403) } }),
  updateRule: managers(Tags.alerts, 'Modificar una regla', { params: idParams, body: alertRuleRequestSchema, response: { 200: alertRuleResponseSchema, ...errors(400, 401, 403, 404) } }),
  deleteRule: managers(Tags.alerts, 'Eliminar una regla', { params: idParams, response: { 200: okResponseSchema, ...errors(401, 403, 404) } }),

  listAlerts: desk('Bandeja de alertas', {
    description: 'Las más nuevas primero, de a 50 (`before`: el id de la última recibida); filtros por tipo, zona, vehículo y estado. Trae también cuántas siguen abiertas.',
    querystring: blanksAsAbsent(alertsQuerySchema),
    response: { 200: alertsResponseSchema, ...errors(400, 401) },
  }),
  alertSummary: desk('Alertas abiertas', { response: { 200: alertSummaryResponseSchema, ...errors(401) } }),
  acknowledgeAlert: desk('Reconocer una alerta', {
    description: 'Con una nota opcional; queda en Actividad y reconocida para todos. 409 si alguien ya la reconoció.',
    params: idParams,
    body: acknowledgeRequestSchema,
    response: { 200: alertResponseSchema, ...errors(400, 401, 404, 409) },
  }),

  acknowledgeAlerts: desk('Reconocer varias alertas', {
    description:
      'Las seleccionadas (`ids`, hasta 500) o todas las abiertas de un tipo (`kind`), con una sola nota opcional; cada una queda en Actividad. Si un id no es una alerta de la flota, 404 y nada cambia. Las que alguien ya reconoció quedan como estaban y no vienen en la respuesta.',
    body: bulkAcknowledgeRequestSchema,
    response: { 200: bulkAcknowledgeResponseSchema, ...errors(400, 401, 404) },
  }),

  sendSos: phone('SOS del conductor', {
    description:
      '`client_id` (uuid) hace que un SOS reenviado desde la cola sin conexión cuente una sola vez. Mientras el SOS del conductor siga sin reconocer, cada nueva pulsación se suma a esa alerta (su cuenta y la posición más reciente): ninguna alerta, correo ni webhook nuevo. La respuesta trae la alerta del episodio (`id`) y el `client_id` de esta pulsación.',
    body: sosRequestSchema,
    response: { 201: driverSosResponseSchema, ...errors(400, 401) },
  }),
  sendSosFix: phone('Posición nueva de un SOS', {
    description:
      'La posición que el teléfono obtuvo después de enviar el SOS (que salió al instante con su última posición conocida y su antigüedad, `position_age_seconds`). Mueve la alerta de esa pulsación (`client_id`) mientras siga sin reconocer y si la posición es más reciente que la suya; no cuenta como pulsación ni envía correo o webhook. `timestamp`: la hora de la posición. 404 si la pulsación no es de este conductor.',
    body: sosFixRequestSchema,
    response: { 200: driverSosResponseSchema, ...errors(400, 401, 404) },
  }),
  currentSos: phone('El último SOS del conductor y si el escritorio lo reconoció', { response: { 200: driverSosResponseSchema, ...errors(401) } }),
};
