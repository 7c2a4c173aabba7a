/**
 * Notificaciones' routes as the API declares them: Dueño and Administrador only (an endpoint's
 * secret and the fleet's outgoing traffic are management's), and their OpenAPI description.
 */
import { okResponseSchema } from '../../../contract/common';
import {
  notificationsStatusSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointRequestSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookSecretResponseSchema,
} from '../../../contract/notifications';
import { FLEET_MANAGERS } from '../../../contract/roles';
import { errors, idParams, owner, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { routeSpec } from '../../platform/routeSpec';

/** This module's section of the reference page (module.ts declares it to the app). */
export const openApiTags = {
  notifications: {
    name: 'Notificaciones',
    description:
      'Webhooks firmados (HMAC-SHA256, cabecera `Flota-Signature`) con reintentos y registro de entregas, y correo por SMTP. Ver docs/webhooks.md.',
  },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames(openApiTags);

const manager = <R extends Omit<Parameters<typeof routeSpec>[1], 'summary' | 'tags' | 'security'>>(summary: string, rest: R) =>
  routeSpec(FLEET_MANAGERS, { summary, tags: [Tags.notifications], security: owner, ...rest });

export const routeSpecs = {
  status: manager('Qué canales de notificación están configurados', {
    description: 'Si el correo está configurado (SMTP_URL), los límites de los webhooks y los tipos de evento a los que un endpoint se puede suscribir.',
    response: { 200: notificationsStatusSchema, ...errors(401, 403) },
  }),
  listEndpoints: manager('Endpoints de webhook de la flota', {
    description: 'Con las entregas de los últimos 7 días (pendientes, entregadas, fallidas) y la última. El secreto no se incluye, solo sus 4 últimos caracteres.',
    response: { 200: webhookEndpointsResponseSchema, ...errors(401, 403) },
  }),
  createEndpoint: manager('Agregar un endpoint de webhook', {
    description:
      'Solo http(s). Se rechaza una URL que apunta (o cuyo nombre resuelve) a una dirección privada, local o reservada, salvo con WEBHOOKS_ALLOW_PRIVATE. La respuesta trae el secreto de firma.',
    body: webhookEndpointRequestSchema,
    response: { 201: webhookEndpointCreatedSchema, ...errors(400, 401, 403) },
  }),
  updateEndpoint: manager('Modificar un endpoint de webhook', {
    params: idParams,
    body: webhookEndpointRequestSchema,
    response: { 200: webhookEndpointResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  deleteEndpoint: manager('Eliminar un endpoint de webhook y su registro de entregas', {
    params: idParams,
    response: { 200: okResponseSchema, ...errors(401, 403, 404) },
  }),
  revealSecret: manager('El secreto de firma de un endpoint', {
    description: 'Para configurar el receptor; queda registrado en Actividad.',
    params: idParams,
    response: { 200: webhookSecretResponseSchema, ...errors(401, 403, 404) },
  }),
  testEndpoint: manager('Probar: enviar un evento `test` al endpoint', {
    description: 'Pasa por la misma cola que los eventos reales (firma, reintentos, registro). Se envía aunque el endpoint esté desactivado.',
    params: idParams,
    response: { 202: webhookDeliveryResponseSchema, ...errors(401, 403, 404) },
  }),
  listDeliveries: manager('Registro de entregas de un endpoint', {
    description: 'Las últimas 50, la más reciente primero: intentos, estado, último código y error, próximo intento.',
    params: idParams,
    response: { 200: webhookDeliveriesResponseSchema, ...errors(401, 403, 404) },
  }),
};
