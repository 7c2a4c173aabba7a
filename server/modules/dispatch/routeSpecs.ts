/**
 * The dispatch module's routes as the API declares them: who may call each (every desk role
 * dispatches; only the Dueño deletes a customer) and its OpenAPI description.
 */
import {
  advanceRequestSchema,
  assignRequestSchema,
  availabilityListResponseSchema,
  availabilityRequestSchema,
  bookingCreateSchema,
  bookingCreatedAndOfferedResponseSchema,
  bookingResponseSchema,
  bookingsResponseSchema,
  cancelRequestSchema,
  candidatesQuerySchema,
  candidatesResponseSchema,
  customerResponseSchema,
  customersResponseSchema,
  driverDispatchResponseSchema,
  geocodeResponseSchema,
  placeRequestSchema,
  placeResponseSchema,
  placesResponseSchema,
  placesImportSchema,
  placesImportResponseSchema,
  pickupSuggestionsResponseSchema,
} from '../../../contract/dispatch';
import { fareTariffResponseSchema, fareTariffSchema, tripFinishRequestSchema } from '../../../contract/fares';
import { z } from 'zod';
import { okResponseSchema } from '../../../contract/common';
import { EVERY_DESK_ROLE, FLEET_MANAGERS, USER_MANAGERS } from '../../../contract/roles';
import { driver, errors, idParams, owner, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { DRIVER, routeSpec } from '../../platform/routeSpec';
import { describesOnly } from '../../platform/requestValidation';

/** This module's sections of the reference page (module.ts declares them to the app). */
export const openApiTags = {
  dispatch: { name: 'Despacho', description: 'Reservas, candidatos, ofertas y viajes; clientes y lugares guardados.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });

const desk = <R extends Omit<Parameters<typeof routeSpec>[1], 'summary' | 'tags' | 'security'>>(summary: string, rest: R) =>
  routeSpec(EVERY_DESK_ROLE, { summary, tags: [Tags.dispatch], security: owner, ...rest });
const phone = <R extends Omit<Parameters<typeof routeSpec>[1], 'summary' | 'tags' | 'security'>>(summary: string, rest: R) =>
  routeSpec(DRIVER, { summary, tags: [Tags.driverApp], security: driver, ...rest });
const booking = { 200: bookingResponseSchema, ...errors(400, 401, 404, 409) };
/** A driver's change: 429 past DRIVER_ACTIONS_PER_MINUTE (platform/edge/driverActionLimit.ts). */
const driverAnswer = { 200: driverDispatchResponseSchema, ...errors(401, 404, 409, 429) };

export const routeSpecs = {
  listBookings: desk('Reservas abiertas y cerradas hoy', {
    description:
      'Todas las reservas abiertas, sin tope, y las 100 cerradas hoy más recientes; `closed_not_shown` cuenta las demás cerradas hoy. Cada reserva trae su columna del tablero (`board`: Por asignar, Programados, En curso, Finalizados hoy) y sus transiciones con hora y autor.',
    response: { 200: bookingsResponseSchema, ...errors(401) },
  }),
  createBooking: desk('Crear una reserva', {
    description:
      'El teléfono se normaliza (+56 y 9 dígitos) y enlaza o crea al cliente. Un punto fuera del área de servicio se rechaza. Cada persona crea a lo más DISPATCH_BOOKINGS_PER_MINUTE reservas por minuto (60): más allá, 429 con Retry-After.',
    body: bookingCreateSchema,
    response: { 201: bookingResponseSchema, ...errors(400, 401, 429) },
  }),
  createAndOfferBooking: desk('Crear una reserva y ofrecerla (Crear y ofrecer)', {
    description:
      'Crea la reserva como `POST /dispatch/bookings` y, en la misma petición, la ofrece al mejor candidato libre (como `POST /dispatch/bookings/:id/offer`). Una reserva programada solo se crea. Si la oferta no puede empezar, la reserva queda creada por asignar y `offer_refused` dice por qué; si no, es null. Cuenta en el mismo límite de reservas por minuto.',
    body: bookingCreateSchema,
    response: { 201: bookingCreatedAndOfferedResponseSchema, ...errors(400, 401, 429) },
  }),
  getBooking: desk('Una reserva', { params: idParams, response: { 200: bookingResponseSchema, ...errors(401, 404) } }),
  assignBooking: desk('Asignar un taxi a la reserva', {
    description:
      'Decide en una transacción: un taxi no queda en dos viajes ni un viaje en dos taxis (409 para quien pierde). Con un documento obligatorio vencido (Vencimientos) responde 409 salvo que `confirm_expired_documents` sea true; la confirmación queda en Actividad.',
    params: idParams,
    body: assignRequestSchema,
    response: booking,
  }),
  offerBooking: desk('Ofrecer la reserva automáticamente', {
    description: 'El mejor candidato recibe la oferta; si la rechaza o expira pasa al siguiente; tras N rechazos vuelve al tablero destacada.',
    params: idParams,
    response: booking,
  }),
  passBooking: desk('Pasar la oferta al siguiente taxi', {
    description:
      'Mientras la reserva se ofrece, la central deja de esperar al taxi que la tiene: cuenta como sin respuesta, ese taxi queda último en los candidatos de la reserva y la oferta pasa al siguiente. 409 si la reserva ya no se está ofreciendo.',
    params: idParams,
    response: booking,
  }),
  cancelBooking: desk('Cancelar la reserva', { params: idParams, body: cancelRequestSchema, response: booking }),
  advanceBooking: desk('Avanzar el viaje a mano (taxi sin /conductor)', { params: idParams, body: advanceRequestSchema, response: booking }),
  candidates: desk('Taxis libres más cercanos a un punto', {
    description: 'Libres, con posición reciente (DISPATCH_FRESH_SECONDS), ordenados por tiempo estimado: línea recta × factor de desvío ÷ velocidad urbana, o el servicio `table` de OSRM con ROUTING_URL.',
    querystring: candidatesQuerySchema,
    response: { 200: candidatesResponseSchema, ...errors(400, 401) },
  }),
  availability: desk('Disponibilidad de cada taxi en turno', { response: { 200: availabilityListResponseSchema, ...errors(401) } }),
  searchCustomers: desk('Buscar clientes por teléfono o nombre', {
    // The handler reads `query` itself (cut to 100 characters, never refused).
    querystring: describesOnly(z.object({ query: z.string().optional().describe('Parte del teléfono o del nombre (hasta 100 caracteres)') })),
    response: { 200: customersResponseSchema, ...errors(400, 401) },
  }),
  customerByPhone: desk('El cliente de un teléfono', {
    params: z.object({ phone: z.string().describe('El teléfono en cualquier formato chileno (+56 9 1234 5678, 912345678…)') }),
    response: { 200: customerResponseSchema, ...errors(400, 401, 404) } }),
  deleteCustomer: routeSpec(USER_MANAGERS, {
    summary: 'Eliminar un cliente (datos personales)',
    description: 'Solo el dueño. Borra su nombre y teléfono de sus reservas cerradas; 409 si tiene una reserva abierta.',
    tags: [Tags.dispatch],
    security: owner,
    params: idParams,
    response: { 200: okResponseSchema, ...errors(401, 403, 404, 409) },
  }),
  listPlaces: desk('Lugares guardados de la flota', { response: { 200: placesResponseSchema, ...errors(401) } }),
  createPlace: desk('Guardar un lugar', { body: placeRequestSchema, response: { 201: placeResponseSchema, ...errors(400, 401) } }),
  updatePlace: desk('Modificar un lugar guardado', { params: idParams, body: placeRequestSchema, response: { 200: placeResponseSchema, ...errors(400, 401, 404) } }),
  importPlaces: desk('Importar lugares (CSV o GeoJSON leído por el escritorio)', {
    description: `Hasta 500 lugares de una vez, todos o ninguno: un lugar inválido responde 400 con el campo (\`places.3.latitude\`) y no guarda nada.`,
    body: placesImportSchema,
    response: { 201: placesImportResponseSchema, ...errors(400, 401) },
  }),
  pickupSuggestions: desk('Sugerencias para la recogida', {
    description:
      'Una lista: los lugares guardados (nombre, dirección u otro nombre), las direcciones que la flota ya usó en sus reservas y, con GEOCODER_URL, las del buscador. Tolera tildes y errores de tipeo (pg_trgm y unaccent).',
    // The handler reads these itself: a text cut to length, a bias used only when both numbers are.
    querystring: describesOnly(
      z.object({
        query: z.string().optional().describe('Lo escrito en Recogida (hasta 100 caracteres)'),
        latitude: z.number().optional().describe('Sesgo del buscador: latitud cercana'),
        longitude: z.number().optional().describe('Sesgo del buscador: longitud cercana'),
      }),
    ),
    response: { 200: pickupSuggestionsResponseSchema, ...errors(400, 401) },
  }),
  deletePlace: desk('Eliminar un lugar guardado', { params: idParams, response: { 200: okResponseSchema, ...errors(401, 404) } }),
  geocode: desk('Buscar una dirección', {
    description: 'Con GEOCODER_URL (API de búsqueda de Photon), sesgada al área de la flota; sin configurar, una lista vacía.',
    // As pickupSuggestions: read by the handler, never refused.
    querystring: describesOnly(
      z.object({
        query: z.string().optional().describe('La dirección buscada (desde 3 caracteres)'),
        latitude: z.number().optional().describe('Sesgo: latitud cercana'),
        longitude: z.number().optional().describe('Sesgo: longitud cercana'),
      }),
    ),
    response: { 200: geocodeResponseSchema, ...errors(400, 401) },
  }),

  driverDispatch: phone('La oferta, el viaje y la disponibilidad del conductor', { response: { 200: driverDispatchResponseSchema, ...errors(401) } }),
  driverAvailability: phone('Cambiar la disponibilidad (Libre o Fuera de servicio)', {
    body: availabilityRequestSchema,
    response: { 200: driverDispatchResponseSchema, ...errors(400, 401, 409, 429) },
  }),
  acceptOffer: phone('Aceptar la oferta', { params: idParams, response: driverAnswer }),
  declineOffer: phone('Rechazar la oferta', { params: idParams, response: driverAnswer }),
  tripArrived: phone('Llegué al lugar', { params: idParams, response: driverAnswer }),
  tripOnboard: phone('Pasajero a bordo', { params: idParams, response: driverAnswer }),
  tripFinish: phone('Finalizar el viaje', {
    description: 'Con tarifas activas: `fare_pesos` es el monto del taxímetro (pesos enteros, opcional); sin él, Flota lo estima del recorrido.',
    params: idParams,
    body: tripFinishRequestSchema,
    response: { 200: driverDispatchResponseSchema, ...errors(400, 401, 404, 409, 429) },
  }),
  fareTariff: desk('La tarifa de la flota (bajada de bandera y valor por 200 m o 60 s)', { response: { 200: fareTariffResponseSchema, ...errors(401) } }),
  updateFareTariff: routeSpec(FLEET_MANAGERS, {
    summary: 'Cambiar la tarifa de la flota',
    tags: [Tags.dispatch],
    security: owner,
    body: fareTariffSchema,
    response: { 200: fareTariffResponseSchema, ...errors(400, 401, 403) },
  }),
  tripNoShow: phone('El pasajero no se presentó', { params: idParams, response: driverAnswer }),
};
