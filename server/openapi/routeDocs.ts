/**
 * What each API route declares (its Fastify `schema`): contract/ schemas for what it takes and
 * answers, with Spanish texts for the reference page. A route adds its schema in one line:
 * `app.post('/drivers', { schema: routeDocs.createDriver }, handler)`.
 *
 * The schemas describe; the handlers still validate with parseBody (server/errors.ts), so every
 * 400 keeps its `{error, fields}` Spanish body (see server/openapi/plugin.ts).
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  activityQuerySchema,
  deskUserCreateSchema,
  deskUserUpdateSchema,
  deviceIdResponseSchema,
  driverCreateSchema,
  driverUpdateSchema,
  historyQuerySchema,
  locationBatchSchema,
  loginRequestSchema,
  passwordChangeSchema,
  shiftStartSchema,
  vehicleCreateSchema,
  vehicleUpdateSchema,
} from '../../contract/api';
import { activityEntrySchema, deskUserSchema, driverProfileSchema, driverSchema, locationPointSchema, shiftSchema, userSchema, vehicleSchema } from '../../contract/entities';
import { apiErrorSchema } from './components';

export interface RouteDoc extends FastifySchema {
  summary: string;
  description?: string;
  tags: string[];
  security?: { [scheme: string]: string[] }[];
  response: Record<number, z.ZodType>;
}

export const Tags = {
  health: 'Estado',
  auth: 'Sesión',
  drivers: 'Conductores',
  vehicles: 'Vehículos',
  shifts: 'Turnos',
  driverApp: 'App del conductor',
  users: 'Usuarios',
  activity: 'Actividad',
} as const;

const owner = [{ dueno: [] }];
const driver = [{ conductor: [] }];
const idParams = z.object({ id: z.string().regex(/^\d+$/).describe('Id numérico') });
const ok = z.object({ ok: z.literal(true) });

/** The error answers a route can give, each with the shared Error body. */
function errors(...codes: number[]): Record<number, z.ZodType> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));
}

export const routeDocs = {
  health: {
    summary: 'Estado del servidor y de la base de datos',
    tags: [Tags.health],
    response: { 200: z.object({ ok: z.boolean(), db: z.enum(['pglite', 'postgres']) }), 503: z.object({ ok: z.literal(false), db: z.enum(['pglite', 'postgres']) }) },
  },
  login: {
    summary: 'Iniciar sesión (dueño)',
    description: 'Devuelve un token para `Authorization: Bearer`. Tras 10 fallos en 15 minutos para la misma IP y RUT responde 429.',
    tags: [Tags.auth],
    body: loginRequestSchema,
    response: { 200: z.object({ token: z.string(), user: userSchema }), ...errors(400, 401, 429) },
  },
  me: {
    summary: 'El dueño de la sesión',
    tags: [Tags.auth],
    security: owner,
    response: { 200: z.object({ user: userSchema }), ...errors(401) },
  },
  listDrivers: {
    summary: 'Listar conductores',
    tags: [Tags.drivers],
    security: owner,
    response: { 200: z.object({ drivers: z.array(driverSchema), count: z.number().int() }), ...errors(401) },
  },
  createDriver: {
    summary: 'Crear un conductor',
    description: 'Asignar un vehículo que tiene otro conductor se lo quita a ese conductor en la misma transacción.',
    tags: [Tags.drivers],
    security: owner,
    body: driverCreateSchema,
    response: { 201: z.object({ driver: driverSchema }), ...errors(400, 401, 409) },
  },
  updateDriver: {
    summary: 'Modificar un conductor',
    description: 'El RUT no cambia. Una contraseña vacía o ausente conserva la anterior.',
    tags: [Tags.drivers],
    security: owner,
    params: idParams,
    body: driverUpdateSchema,
    response: { 200: z.object({ driver: driverSchema }), ...errors(400, 401, 404, 409) },
  },
  deleteDriver: {
    summary: 'Eliminar un conductor',
    description: 'No se puede eliminar un conductor con un turno activo (409).',
    tags: [Tags.drivers],
    security: owner,
    params: idParams,
    response: { 200: ok, ...errors(401, 404, 409) },
  },
  listVehicles: {
    summary: 'Listar vehículos',
    tags: [Tags.vehicles],
    security: owner,
    response: { 200: z.object({ vehicles: z.array(vehicleSchema), count: z.number().int() }), ...errors(401) },
  },
  createVehicle: {
    summary: 'Crear un vehículo',
    tags: [Tags.vehicles],
    security: owner,
    body: vehicleCreateSchema,
    response: { 201: z.object({ vehicle: vehicleSchema }), ...errors(400, 401, 409) },
  },
  updateVehicle: {
    summary: 'Modificar un vehículo',
    description: 'La patente no cambia.',
    tags: [Tags.vehicles],
    security: owner,
    params: idParams,
    body: vehicleUpdateSchema,
    response: { 200: z.object({ vehicle: vehicleSchema }), ...errors(400, 401, 404) },
  },
  deleteVehicle: {
    summary: 'Eliminar un vehículo',
    description: 'No se puede eliminar un vehículo en un turno activo (409).',
    tags: [Tags.vehicles],
    security: owner,
    params: idParams,
    response: { 200: ok, ...errors(401, 404, 409) },
  },
  activeShifts: {
    summary: 'Turnos activos (contador del panel y foto inicial del mapa)',
    tags: [Tags.shifts],
    security: owner,
    response: { 200: z.object({ shifts: z.array(shiftSchema), count: z.number().int() }), ...errors(401) },
  },
  shiftHistory: {
    summary: 'Historial de turnos',
    description: 'Los más recientes primero, a lo más 1.000; `total` dice cuántos coinciden y `limited` si se cortó la respuesta. Fechas YYYY-MM-DD en la zona horaria de la flota, inclusivas.',
    tags: [Tags.shifts],
    security: owner,
    querystring: historyQuerySchema,
    response: {
      200: z.object({ shifts: z.array(shiftSchema), count: z.number().int(), total: z.number().int(), limited: z.boolean() }),
      ...errors(400, 401),
    },
  },
  shiftLocations: {
    summary: 'Recorrido de un turno',
    description: 'Los puntos del turno, el más antiguo primero.',
    tags: [Tags.shifts],
    security: owner,
    params: idParams,
    response: { 200: z.object({ locations: z.array(locationPointSchema) }), ...errors(401, 404) },
  },
  driverLogin: {
    summary: 'Iniciar sesión (teléfono del conductor)',
    tags: [Tags.driverApp],
    body: loginRequestSchema,
    response: { 200: z.object({ token: z.string(), driver: driverProfileSchema }), ...errors(400, 401, 429) },
  },
  startShift: {
    summary: 'Comenzar un turno',
    description: 'Sin `vehicle_id`, en el vehículo asignado al conductor.',
    tags: [Tags.driverApp],
    security: driver,
    body: shiftStartSchema,
    response: { 200: z.object({ shift: shiftSchema }), ...errors(400, 401, 409) },
  },
  endShift: {
    summary: 'Terminar el turno activo',
    tags: [Tags.driverApp],
    security: driver,
    response: { 200: z.object({ shift: shiftSchema }), ...errors(401, 409) },
  },
  postLocations: {
    summary: 'Enviar ubicaciones del turno activo',
    description: 'Hasta 500 puntos por vez. Los puntos anteriores al inicio del turno se ignoran; uno a más de 2 minutos en el futuro rechaza el lote.',
    tags: [Tags.driverApp],
    security: driver,
    body: locationBatchSchema,
    response: { 202: z.object({ accepted: z.number().int() }), ...errors(400, 401, 409, 429) },
  },
  changePassword: {
    summary: 'Cambiar la propia contraseña',
    description: 'Pide la contraseña actual. Las demás sesiones de la persona siguen abiertas.',
    tags: [Tags.auth],
    security: owner,
    body: passwordChangeSchema,
    response: { 200: ok, ...errors(400, 401) },
  },
  listUsers: {
    summary: 'Listar los usuarios de la mesa (solo el dueño)',
    tags: [Tags.users],
    security: owner,
    response: { 200: z.object({ users: z.array(deskUserSchema), count: z.number().int() }), ...errors(401, 403) },
  },
  createUser: {
    summary: 'Crear un usuario (Administrador u Operador)',
    tags: [Tags.users],
    security: owner,
    body: deskUserCreateSchema,
    response: { 201: z.object({ user: deskUserSchema }), ...errors(400, 401, 403, 409) },
  },
  updateUser: {
    summary: 'Modificar, desactivar o restablecer la contraseña de un usuario',
    description: 'Desactivar, cambiar el rol o restablecer la contraseña cierra de inmediato sus sesiones (HTTP y socket).',
    tags: [Tags.users],
    security: owner,
    params: idParams,
    body: deskUserUpdateSchema,
    response: { 200: z.object({ user: deskUserSchema }), ...errors(400, 401, 403, 404) },
  },
  deleteUser: {
    summary: 'Eliminar un usuario',
    description: 'Cierra de inmediato sus sesiones; sus acciones siguen en la actividad.',
    tags: [Tags.users],
    security: owner,
    params: idParams,
    response: { 200: ok, ...errors(401, 403, 404) },
  },
  activity: {
    summary: 'Registro de actividad (dueño y administradores)',
    description: 'Más reciente primero, paginado; filtros por persona, tipo de registro y fechas (días completos en la zona de la flota).',
    tags: [Tags.activity],
    security: owner,
    querystring: activityQuerySchema,
    response: {
      200: z.object({
        entries: z.array(activityEntrySchema),
        total: z.number().int(),
        page: z.number().int(),
        page_size: z.number().int(),
        actors: z.array(z.object({ key: z.string(), name: z.string(), role: z.string() })),
      }),
      ...errors(400, 401, 403),
    },
  },
  endShiftByHand: {
    summary: 'Terminar a mano el turno activo de un conductor',
    tags: [Tags.shifts],
    security: owner,
    params: idParams,
    response: { 200: z.object({ shift: shiftSchema }), ...errors(401, 403, 404, 409) },
  },
  deviceId: {
    summary: 'Identificador de dispositivo (OsmAnd) de un conductor',
    description: 'Solo Dueño y Administrador: es la credencial de /osmand, por eso no aparece en la lista de conductores.',
    tags: [Tags.drivers],
    security: owner,
    params: idParams,
    response: { 200: deviceIdResponseSchema, ...errors(401, 403, 404) },
  },
  regenerateDeviceId: {
    summary: 'Generar un nuevo identificador de dispositivo (OsmAnd) para un conductor',
    description: 'El identificador anterior deja de funcionar de inmediato. Solo Dueño y Administrador.',
    tags: [Tags.drivers],
    security: owner,
    params: idParams,
    response: { 200: deviceIdResponseSchema, ...errors(401, 403, 404) },
  },
  driverMe: {
    summary: 'El conductor de la sesión y su turno activo',
    tags: [Tags.driverApp],
    security: driver,
    response: { 200: z.object({ driver: driverProfileSchema, shift: shiftSchema.nullable() }), ...errors(401) },
  },
} satisfies Record<string, RouteDoc>;
