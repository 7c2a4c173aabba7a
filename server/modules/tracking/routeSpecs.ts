/**
 * Seguimiento's routes as the API declares them: the passenger's (no token, rate-limited per
 * address) and the desk's (any desk role reads and revokes a link; only the Dueño sets the fleet's
 * tracking settings).
 */
import { z } from 'zod';
import { EVERY_DESK_ROLE, USER_MANAGERS } from '../../../contract/roles';
import { trackingLinkResponseSchema, trackingSettingsResponseSchema, trackingSettingsSchema, trackingStreamSchema, trackingViewResponseSchema } from '../../../contract/tracking';
import { okResponseSchema } from '../../../contract/common';
import { blockedPhoneResponseSchema, blockedPhonesResponseSchema, blockPhoneSchema, taxiRequestPageResponseSchema, taxiRequestResponseSchema, taxiRequestSchema } from '../../../contract/taxiRequests';
import { errors, idParams, owner, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { PUBLIC, routeSpec } from '../../platform/routeSpec';

export const openApiTags = {
  tracking: { name: 'Seguimiento', description: 'El enlace con que el pasajero ve llegar su taxi, y la página pública que lo muestra.' },
  requests: { name: 'Pedir un taxi', description: 'La página pública de una flota donde un pasajero pide un taxi (apagada hasta que el Dueño la enciende), y los números que la central bloquea.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames(openApiTags);
const fleetCodeParams = z.object({ fleetCode: z.string().describe('El código de la flota (6 letras y números, el mismo de /conductor)') });
const tokenParams = z.object({ token: z.string().describe('El token del enlace (24 caracteres base64url)') });

export const routeSpecs = {
  publicView: routeSpec(PUBLIC, {
    summary: 'Lo que ve el pasajero de su viaje',
    description:
      'Sin token de sesión. Flota, estado en palabras, patente, modelo y color, el nombre de pila del conductor, la posición del taxi y la recogida, y la hora estimada. Un token desconocido, vencido (fin del viaje + TRACKING_EXPIRY_MINUTES), revocado o de un viaje cancelado responde siempre igual: 404 "Este viaje terminó". Limitado por dirección (429).',
    tags: [Tags.tracking],
    params: tokenParams,
    response: { 200: trackingViewResponseSchema, ...errors(404, 429) },
  }),
  publicStream: routeSpec(PUBLIC, {
    summary: 'El viaje en vivo (server-sent events)',
    description: 'text/event-stream: un evento `view` con la vista (el mismo objeto que `tracking` arriba) en cada cambio y cada posición del taxi, y `gone` cuando el enlace deja de responder. Solo lectura. Mismo 404 que la vista.',
    tags: [Tags.tracking],
    params: tokenParams,
    response: { 200: trackingStreamSchema, ...errors(404, 429) },
  }),
  requestPage: routeSpec(PUBLIC, {
    summary: 'La página "Pedir un taxi" de una flota',
    description:
      'Sin token de sesión. El nombre y teléfono de la flota y los nombres de sus lugares guardados (nada más de ellos). Un código desconocido y una flota con la página apagada responden igual: 404 "Esta página de pedidos no existe o no está activa". Limitado por dirección (TRACKING_REQUESTS_PER_MINUTE, 429).',
    tags: [Tags.requests],
    params: fleetCodeParams,
    response: { 200: taxiRequestPageResponseSchema, ...errors(404, 429) },
  }),
  createRequest: routeSpec(PUBLIC, {
    summary: 'Pedir un taxi',
    description:
      'Sin token de sesión. Crea una reserva "Por asignar" con origen web en el tablero de cada central de la flota y devuelve su enlace de seguimiento ("Buscando taxi"). Límites: TAXI_REQUESTS_PER_ADDRESS por dirección y hora (429), TAXI_REQUESTS_PER_PHONE pedidos por número y hora (429), TAXI_REQUESTS_OPEN_PER_PHONE pedidos abiertos por número (409). Un número bloqueado por la central: 403 "No pudimos recibir su pedido por la web…" (no dice por qué). El campo `sitio_web` es una trampa para robots: con texto, responde 201 con un token que nunca existió y no guarda nada.',
    tags: [Tags.requests],
    params: fleetCodeParams,
    body: taxiRequestSchema,
    response: { 201: taxiRequestResponseSchema, ...errors(400, 403, 404, 409, 429) },
  }),
  listBlocked: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Números bloqueados para pedir por la web',
    tags: [Tags.requests],
    security: owner,
    response: { 200: blockedPhonesResponseSchema, ...errors(401) },
  }),
  blockPhone: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Bloquear un número',
    description: 'La página "Pedir un taxi" rechaza sus pedidos (403, sin decir por qué). Bloquear otra vez el mismo número no cambia nada.',
    tags: [Tags.requests],
    security: owner,
    body: blockPhoneSchema,
    response: { 201: blockedPhoneResponseSchema, ...errors(400, 401) },
  }),
  unblockPhone: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Desbloquear un número',
    tags: [Tags.requests],
    security: owner,
    params: idParams,
    response: { 200: okResponseSchema, ...errors(401, 404) },
  }),
  bookingLink: routeSpec(EVERY_DESK_ROLE, {
    summary: 'El enlace de seguimiento de una reserva',
    description: 'Se crea cuando un taxi es asignado o acepta; null antes. Otra flota: 404.',
    tags: [Tags.tracking],
    security: owner,
    params: idParams,
    response: { 200: trackingLinkResponseSchema, ...errors(401, 404) },
  }),
  revokeLink: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Revocar el enlace de seguimiento',
    description: 'El enlace deja de responder al instante (la página dice "Este viaje terminó").',
    tags: [Tags.tracking],
    security: owner,
    params: idParams,
    response: { 200: trackingLinkResponseSchema, ...errors(401, 404) },
  }),
  getSettings: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Ajustes de seguimiento de la flota',
    tags: [Tags.tracking],
    security: owner,
    response: { 200: trackingSettingsResponseSchema, ...errors(401) },
  }),
  putSettings: routeSpec(USER_MANAGERS, {
    summary: 'Cambiar los ajustes de seguimiento (Dueño)',
    description:
      'El teléfono que muestra la página ("Llamar a la central"), si la posición del taxi sigue visible con el pasajero a bordo, y si la página "Pedir un taxi" (`requests_path`) está encendida (`requests_enabled`, apagada por defecto), y si cada pedido web se ofrece en el acto al taxi libre más cercano (`requests_auto_offer`, encendido por defecto).',
    tags: [Tags.tracking],
    security: owner,
    body: trackingSettingsSchema,
    response: { 200: trackingSettingsResponseSchema, ...errors(400, 401, 403) },
  }),
};
