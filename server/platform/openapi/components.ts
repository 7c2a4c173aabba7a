/**
 * The named schemas of the OpenAPI document (components.schemas), all from contract/: entities,
 * the error body, and the socket.io events (which OpenAPI cannot describe as routes, so they are
 * documented components the realtime section of the document points to). A local registry, so the
 * contract's own zod schemas stay free of documentation metadata.
 */
import { z } from 'zod';
import { apiErrorSchema, locationBatchSchema, loginRequestSchema } from '../../../contract/api';
import { driverProfileSchema, driverSchema, locationPointSchema, shiftSchema, userSchema, vehicleSchema } from '../../../contract/entities';
import { joinOwnerRoomPayloadSchema, locationBatchPayloadSchema, locationUpdateSchema, shiftEndedPayloadSchema, shiftStartedPayloadSchema } from '../../../contract/socket';

export const registry = z.registry<{ id: string; description?: string }>();

function named<S extends z.ZodType>(schema: S, id: string, description: string): S {
  registry.add(schema, { id, description });
  return schema;
}

export { apiErrorSchema };
named(
  apiErrorSchema,
  'Error',
  'Todo error: un texto en español para mostrar tal cual; en un 400, `fields` trae el texto de cada campo inválido.',
);

named(userSchema, 'Usuario', 'El dueño de la flota que inició sesión.');
named(driverSchema, 'Conductor', 'Un conductor de la flota. La contraseña nunca se devuelve.');
named(vehicleSchema, 'Vehiculo', 'Un vehículo (taxi) de la flota.');
named(shiftSchema, 'Turno', 'Un turno de un conductor en un vehículo, con su última posición conocida.');
named(locationPointSchema, 'Ubicacion', 'Un punto GPS de un turno.');
named(driverProfileSchema, 'PerfilConductor', 'Lo que el teléfono del conductor ve de sí mismo.');
named(loginRequestSchema, 'Credenciales', 'RUT (con o sin puntos y guion; sin dígito verificador también) y contraseña.');
named(locationBatchSchema, 'LoteUbicaciones', 'Puntos GPS que envía el teléfono del conductor.');

// ── socket.io (path /socket.io, handshake auth: {token}) ─────────────────────

named(locationUpdateSchema, 'EventoLocationUpdate', 'Evento socket.io `location_update` (servidor → mapa): un taxi se movió.');
named(
  locationBatchPayloadSchema,
  'EventoLocationBatch',
  'Evento socket.io `location_batch` (servidor → mapa que se conectó con `auth: {token, batch: true}`): los taxis que se movieron en un envío, en vez de un `location_update` por taxi.',
);
named(shiftStartedPayloadSchema, 'EventoShiftStarted', 'Evento socket.io `shift_started` (servidor → mapa): comenzó un turno.');
named(
  shiftEndedPayloadSchema,
  'EventoShiftEnded',
  'Evento socket.io `shift_ended` (servidor → mapa): terminó un turno.',
);
named(
  joinOwnerRoomPayloadSchema,
  'EventoJoinOwnerRoom',
  'Evento socket.io `join_owner_room` (mapa → servidor): el id del dueño; el servidor lo une a la sala `owner:<id>` solo si es el del token. Responde (ack) `{ok, error?}`.',
);
