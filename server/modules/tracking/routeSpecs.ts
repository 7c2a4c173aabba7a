/**
 * Seguimiento's routes as the API declares them: the passenger's (no token, rate-limited per
 * address) and the desk's (any desk role reads and revokes a link; only the Dueño sets the fleet's
 * tracking settings).
 */
import { z } from 'zod';
import { EVERY_DESK_ROLE, USER_MANAGERS } from '../../../contract/roles';
import { trackingLinkResponseSchema, trackingSettingsResponseSchema, trackingSettingsSchema, trackingStreamSchema, trackingViewResponseSchema } from '../../../contract/tracking';
import { errors, idParams, owner, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { PUBLIC, routeSpec } from '../../platform/routeSpec';

export const openApiTags = {
  tracking: { name: 'Seguimiento', description: 'El enlace con que el pasajero ve llegar su taxi, y la página pública que lo muestra.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames(openApiTags);
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
    description: 'El teléfono que muestra la página ("Llamar a la central") y si la posición del taxi sigue visible con el pasajero a bordo.',
    tags: [Tags.tracking],
    security: owner,
    body: trackingSettingsSchema,
    response: { 200: trackingSettingsResponseSchema, ...errors(400, 401, 403) },
  }),
};
