/**
 * Despacho (issue 25): bookings and their trips, taxi availability, candidates, customers and the
 * fleet's saved places. Times ISO 8601 UTC, distances in metres, durations in seconds.
 *
 * Desk routes (desk token; Dueño, Administrador and Operador alike unless noted):
 *   GET    /api/dispatch/bookings                    → bookingsResponseSchema (every open one + the newest closed today, newest first; closed_not_shown)
 *   POST   /api/dispatch/bookings                    bookingCreateSchema → 201 bookingResponseSchema
 *   POST   /api/dispatch/bookings/create-and-offer   bookingCreateSchema → 201 bookingCreatedAndOfferedResponseSchema
 *          ("Crear y ofrecer" in one request: created, then offered to the best free taxi; `offer_refused` says why not)
 *   GET    /api/dispatch/bookings/:id                → bookingResponseSchema (another fleet's: 404)
 *   POST   /api/dispatch/bookings/:id/assign         assignRequestSchema {driver_id} → bookingResponseSchema (status asignado; 409 when taken)
 *   POST   /api/dispatch/bookings/:id/offer          (no body) → bookingResponseSchema (status ofrecido: automatic offering starts)
 *   POST   /api/dispatch/bookings/:id/cancel         cancelRequestSchema {reason} → bookingResponseSchema
 *   POST   /api/dispatch/bookings/:id/advance        advanceRequestSchema {status} → bookingResponseSchema (a tracker-only taxi's trip moved by hand)
 *   GET    /api/dispatch/candidates?latitude&longitude → candidatesResponseSchema (Libre taxis with a fresh position, by eta)
 *   GET    /api/dispatch/availability                → availabilityListResponseSchema (every active shift's availability, for the map)
 *   GET    /api/customers?query=                     → customersResponseSchema (by phone digits or name; at most 20)
 *   GET    /api/customers/by-phone/:phone            → customerResponseSchema (404 when unknown; :phone in any Chilean format)
 *   DELETE /api/customers/:id                        → okResponseSchema (Dueño only; 409 with an open booking; closed bookings lose the name and phone)
 *   GET    /api/dispatch/places                      → placesResponseSchema
 *   POST   /api/dispatch/places                      placeRequestSchema → 201 placeResponseSchema
 *   PUT    /api/dispatch/places/:id                  placeRequestSchema → placeResponseSchema
 *   DELETE /api/dispatch/places/:id                  → okResponseSchema
 *   POST   /api/dispatch/places/import               placesImportSchema → 201 placesImportResponseSchema (all or none)
 *   GET    /api/dispatch/pickup-suggestions?query=&latitude=&longitude= → pickupSuggestionsResponseSchema
 *          (saved places, then addresses the fleet used, then the geocoder's; accent- and typo-tolerant)
 *   GET    /api/dispatch/geocode?query=              → geocodeResponseSchema (empty list when GEOCODER_URL is not set)
 *
 * Driver routes (driver token, the driver's own offer/trip only; another's: 404):
 *   GET    /api/driver/dispatch                      → driverDispatchResponseSchema (availability, current offer, current trip; survives a reload)
 *   PUT    /api/driver/availability                  availabilityRequestSchema → driverDispatchResponseSchema (409 without an active shift or during a trip)
 *   POST   /api/driver/offers/:id/accept             (:id = booking id) → driverDispatchResponseSchema (trip en_camino at once; 409 when expired or gone)
 *   POST   /api/driver/offers/:id/decline            → driverDispatchResponseSchema (passes to the next candidate)
 *   POST   /api/driver/trips/:id/arrived             → driverDispatchResponseSchema (en_el_lugar; also automatic within ~80 m of the pickup)
 *   POST   /api/driver/trips/:id/onboard             → driverDispatchResponseSchema (a_bordo)
 *   POST   /api/driver/trips/:id/finish              → driverDispatchResponseSchema (finalizado; the driver becomes Libre)
 *   POST   /api/driver/trips/:id/no-show             → driverDispatchResponseSchema (no_se_presento; the driver becomes Libre)
 *
 * Every refused transition answers 409 {error} in Spanish; bad input 400 {error, fields}.
 * Socket events (contract/socket.ts): booking_changed and availability_changed to the fleet's room;
 * offer and trip_changed to the one driver's sockets (a socket whose handshake carries a driver token).
 */
import { z } from 'zod';
import { documentBlockSchema } from './documents';
import { tripFareSchema } from './fares';
import './zodConfig';
import { optionalLine, singleLine } from './plainText';
import { isPlausibleTimestamp, MAX_ID } from './common';
import { isoTime, optionalText, trimmed } from './fields';
import { normalizeChileanPhone } from './phone';

export { normalizeChileanPhone, formatChileanPhone } from './phone';

// ---------------------------------------------------------------- availability

export const AVAILABILITIES = ['libre', 'ocupado', 'fuera_de_servicio'] as const;
export const availabilitySchema = z.enum(AVAILABILITIES, { error: 'Disponibilidad inválida' });
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityLabels: Record<Availability, string> = {
  libre: 'Libre',
  ocupado: 'Ocupado',
  fuera_de_servicio: 'Fuera de servicio',
};

/** One taxi on shift and its availability (GET /dispatch/availability, availability_changed). */
export const shiftAvailabilitySchema = z.object({
  shift_id: z.number().int(),
  driver_id: z.number().int().nullable(),
  vehicle_id: z.number().int().nullable(),
  availability: availabilitySchema,
});
export type ShiftAvailability = z.infer<typeof shiftAvailabilitySchema>;
export const availabilityListResponseSchema = z.object({ availability: z.array(shiftAvailabilitySchema) });
export type AvailabilityListResponse = z.infer<typeof availabilityListResponseSchema>;

/** PUT /driver/availability: the driver may choose libre or fuera_de_servicio (ocupado comes from a trip). */
export const availabilityRequestSchema = z.object({
  availability: z.enum(['libre', 'fuera_de_servicio'], { error: 'Elige Libre o Fuera de servicio' }),
});
export type AvailabilityRequest = z.infer<typeof availabilityRequestSchema>;

// ---------------------------------------------------------------- places

/** Chile's mainland, roughly: a pickup outside it is refused (a point typed in the sea, lat/lon swapped). */
export const SERVICE_AREA = { minLatitude: -56, maxLatitude: -17.4, minLongitude: -76, maxLongitude: -66.3 } as const;
export const OUTSIDE_AREA_MESSAGE = 'El punto está fuera del área de servicio';

export function insideServiceArea(latitude: number, longitude: number): boolean {
  return (
    latitude >= SERVICE_AREA.minLatitude &&
    latitude <= SERVICE_AREA.maxLatitude &&
    longitude >= SERVICE_AREA.minLongitude &&
    longitude <= SERVICE_AREA.maxLongitude
  );
}

/** A point with a text a person reads (an address, "Terminal de buses"). */
export const placePointSchema = z.object({
  latitude: z.number({ error: 'Latitud inválida' }).min(-90, 'Latitud inválida').max(90, 'Latitud inválida'),
  longitude: z.number({ error: 'Longitud inválida' }).min(-180, 'Longitud inválida').max(180, 'Longitud inválida'),
  label: singleLine(trimmed.max(200, 'La dirección es demasiado larga')).default(''),
});
/** A point inside the service area (pickups, destinations, saved places). */
export const servicePointSchema = placePointSchema.refine((p) => insideServiceArea(p.latitude, p.longitude), {
  message: OUTSIDE_AREA_MESSAGE,
  path: ['latitude'],
});
export type PlacePoint = z.infer<typeof placePointSchema>;

/** The label of a point clicked on the map with nothing typed: never offered back as an address the fleet used. */
export const MAP_POINT_PREFIX = 'Punto en el mapa';

/** A fleet's saved place (terminal, hospital, malls): its name, street address and the other names callers use. */
export const savedPlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  aliases: z.array(z.string()),
  latitude: z.number(),
  longitude: z.number(),
});
export type SavedPlace = z.infer<typeof savedPlaceSchema>;
export const MAX_PLACE_ALIASES = 10;
const placeFields = z.object({
  name: singleLine(trimmed.min(1, 'El nombre es obligatorio').max(80, 'El nombre es demasiado largo')),
  address: singleLine(trimmed.max(200, 'La dirección es demasiado larga')).default(''),
  aliases: z
    .array(singleLine(trimmed.max(80, 'Cada otro nombre tiene a lo más 80 caracteres')), { error: 'Otros nombres inválidos' })
    .max(MAX_PLACE_ALIASES, `A lo más ${MAX_PLACE_ALIASES} otros nombres`)
    .default([])
    // Blank lines and repeats are noise from a textarea or a spreadsheet, not names.
    .transform((list) => [...new Set(list.filter(Boolean).map((alias) => alias.replace(/\s+/g, ' ')))]),
  latitude: z.number({ error: 'Latitud inválida' }),
  longitude: z.number({ error: 'Longitud inválida' }),
});
export const placeRequestSchema = placeFields.refine((p) => insideServiceArea(p.latitude, p.longitude), { message: OUTSIDE_AREA_MESSAGE, path: ['latitude'] });
export type PlaceRequest = z.input<typeof placeRequestSchema>;
export type PlaceInput = z.output<typeof placeRequestSchema>;
export const placesResponseSchema = z.object({ places: z.array(savedPlaceSchema) });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;
export const placeResponseSchema = z.object({ place: savedPlaceSchema });
export type PlaceResponse = z.infer<typeof placeResponseSchema>;

/** POST /dispatch/places/import: a CSV's or GeoJSON's places (read by the desk), saved all or none. */
export const MAX_PLACES_IMPORT = 500;
export const placesImportSchema = z.object({
  places: z
    .array(placeRequestSchema, { error: 'Lista de lugares inválida' })
    .min(1, 'El archivo no trae lugares')
    .max(MAX_PLACES_IMPORT, `A lo más ${MAX_PLACES_IMPORT} lugares por archivo`),
});
export type PlacesImport = z.input<typeof placesImportSchema>;
export const placesImportResponseSchema = z.object({ created: z.number().int(), places: z.array(savedPlaceSchema) });
export type PlacesImportResponse = z.infer<typeof placesImportResponseSchema>;

/**
 * GET /dispatch/pickup-suggestions?query=: one list for the pickup field, saved places first, then
 * every address the fleet has used, then the geocoder's (when configured), each said where it came from.
 */
export const SUGGESTION_SOURCES = ['lugar', 'usada', 'geocoder'] as const;
export const suggestionSourceSchema = z.enum(SUGGESTION_SOURCES);
export type SuggestionSource = z.infer<typeof suggestionSourceSchema>;
export const suggestionSourceLabels: Record<SuggestionSource | 'cliente', string> = {
  cliente: 'Del cliente',
  lugar: 'Lugar guardado',
  usada: 'Usada antes',
  geocoder: 'Buscador de direcciones',
};
export const pickupSuggestionSchema = z.object({
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  source: suggestionSourceSchema,
  /** A saved place's address, or how often the fleet used the address ("3 veces"). */
  detail: z.string().nullable(),
});
export type PickupSuggestion = z.infer<typeof pickupSuggestionSchema>;
export const pickupSuggestionsResponseSchema = z.object({ suggestions: z.array(pickupSuggestionSchema), geocoder: z.boolean() });
export type PickupSuggestionsResponse = z.infer<typeof pickupSuggestionsResponseSchema>;

/** GET /dispatch/geocode?query= (Photon or Nominatim behind GEOCODER_URL; [] when not configured). */
export const geocodeResponseSchema = z.object({ results: z.array(placePointSchema.extend({ label: z.string() })), configured: z.boolean() });
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

// ---------------------------------------------------------------- bookings

export const BOOKING_STATUSES = [
  'pendiente',
  'ofrecido',
  'asignado',
  'en_camino',
  'en_el_lugar',
  'a_bordo',
  'finalizado',
  'cancelado',
  'no_se_presento',
] as const;
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;
export const bookingStatusLabels: Record<BookingStatus, string> = {
  pendiente: 'Pendiente',
  ofrecido: 'Ofrecido',
  asignado: 'Asignado',
  en_camino: 'En camino',
  en_el_lugar: 'En el lugar',
  a_bordo: 'A bordo',
  finalizado: 'Finalizado',
  cancelado: 'Cancelado',
  no_se_presento: 'No se presentó',
};
/** Where the board shows a booking (computed by the server from the status, scheduled_for and the clock). */
export const BOARD_COLUMNS = ['por_asignar', 'programados', 'en_curso', 'finalizados'] as const;
export const boardColumnSchema = z.enum(BOARD_COLUMNS);
export type BoardColumn = z.infer<typeof boardColumnSchema>;
export const boardColumnLabels: Record<BoardColumn, string> = {
  por_asignar: 'Por asignar',
  programados: 'Programados',
  en_curso: 'En curso',
  finalizados: 'Finalizados hoy',
};

/** Who made a change: a desk user, the driver, or Flota itself (offer expiry, a scheduled booking coming due, within 80 m). */
export const actorSchema = z.object({
  kind: z.enum(['desk', 'driver', 'system']),
  id: z.number().int().nullable(),
  name: z.string(),
});
export type Actor = z.infer<typeof actorSchema>;

/** One transition, as stored: its time and who made it (offer/decline/expiry rows keep the driver in `driver_id`). */
export const bookingEventSchema = z.object({
  status: bookingStatusSchema,
  at: isoTime,
  by: actorSchema,
  /** The driver the transition concerns (offered to, declined by, assigned to); null otherwise. */
  driver_id: z.number().int().nullable(),
  /** 'rechazada' / 'expirada' on an offer passed on; the reason on a cancellation; null otherwise. */
  note: z.string().nullable(),
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;

/** The offer currently out for a booking (status ofrecido). */
export const bookingOfferSchema = z.object({
  driver_id: z.number().int(),
  driver_name: z.string(),
  vehicle_id: z.number().int().nullable(),
  plate_number: z.string().nullable(),
  expires_at: isoTime,
  distance_m: z.number(),
  eta_s: z.number(),
});
export type BookingOffer = z.infer<typeof bookingOfferSchema>;

/** Where a booking came from: typed at the desk, or asked for on the fleet's "Pedir un taxi" page. */
export const BOOKING_ORIGINS = ['desk', 'web'] as const;
export type BookingOrigin = (typeof BOOKING_ORIGINS)[number];
export const bookingOriginLabels: Record<BookingOrigin, string> = { desk: 'Central', web: 'web' };

export const bookingSchema = z.object({
  id: z.number().int(),
  status: bookingStatusSchema,
  origin: z.enum(BOOKING_ORIGINS),
  board: boardColumnSchema,
  /** true when automatic offering gave up (N refusals or no candidate): the board highlights it. */
  needs_attention: z.boolean(),
  customer_id: z.number().int().nullable(),
  customer_phone: z.string(),
  customer_name: z.string().nullable(),
  pickup: placePointSchema,
  destination: placePointSchema.nullable(),
  passengers: z.number().int(),
  notes: z.string().nullable(),
  scheduled_for: isoTime.nullable(),
  driver_id: z.number().int().nullable(),
  driver_name: z.string().nullable(),
  vehicle_id: z.number().int().nullable(),
  plate_number: z.string().nullable(),
  offer: bookingOfferSchema.nullable(),
  /** Offers declined or expired so far. */
  refusals: z.number().int(),
  /** Of those since the offering last started: declined by the driver ("rechazo"). */
  declined: z.number().int(),
  /** Of those since the offering last started: left to expire, or passed on by the desk ("sin respuesta"). */
  unanswered: z.number().int(),
  cancel_reason: z.string().nullable(),
  /** A finished trip's fare when the fleet records fares (issue 35): typed from the taxímetro or estimated. */
  fare: tripFareSchema.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  /** Every transition, oldest first. */
  events: z.array(bookingEventSchema),
});
export type Booking = z.infer<typeof bookingSchema>;
/**
 * The board: every open booking (never capped) and the newest closed today; `closed_not_shown`
 * counts the other bookings closed today, which the board sums up as "y 1.240 más finalizados hoy".
 */
export const bookingsResponseSchema = z.object({ bookings: z.array(bookingSchema), closed_not_shown: z.number().int().min(0) });
export type BookingsResponse = z.infer<typeof bookingsResponseSchema>;
export const bookingResponseSchema = z.object({ booking: bookingSchema });
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** "Crear y ofrecer": the booking as the offering left it; `offer_refused`: why the offering could not start (the booking waits on the board), else null. */
export const bookingCreatedAndOfferedResponseSchema = z.object({ booking: bookingSchema, offer_refused: z.string().nullable() });
export type BookingCreatedAndOfferedResponse = z.infer<typeof bookingCreatedAndOfferedResponseSchema>;

const phoneField = z
  .string({ error: 'El teléfono es obligatorio' })
  .trim()
  .min(1, 'El teléfono es obligatorio')
  .max(30, 'Teléfono inválido')
  .transform((value, ctx) => {
    const phone = normalizeChileanPhone(value);
    if (!phone) ctx.addIssue({ code: 'custom', message: 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678' });
    return phone ?? '';
  });

/** POST /dispatch/bookings. A known phone links the customer; a name given updates it (or creates the customer). */
export const bookingCreateSchema = z.object({
  customer_phone: phoneField,
  customer_name: optionalLine(120, 'El nombre es demasiado largo'),
  pickup: servicePointSchema,
  destination: servicePointSchema.nullish().transform((value) => value ?? null),
  passengers: z.number({ error: 'Pasajeros inválido' }).int('Pasajeros inválido').min(1, 'Al menos 1 pasajero').max(8, 'A lo más 8 pasajeros').default(1),
  notes: optionalText(500, 'Las notas son demasiado largas'),
  /** null/absent: now. Otherwise a time in the future (at most 30 days ahead). */
  scheduled_for: z
    .string()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isPlausibleTimestamp(value), 'Fecha y hora inválida'),
});
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;
export type BookingCreate = z.infer<typeof bookingCreateSchema>;

export const assignRequestSchema = z.object({
  driver_id: z.number({ error: 'Conductor inválido' }).int('Conductor inválido').positive('Conductor inválido').max(MAX_ID, 'Conductor inválido'),
  /** The desk saw that a required document expired and assigns anyway (recorded in Actividad). */
  confirm_expired_documents: z.boolean({ error: 'Confirmación inválida' }).optional(),
});
export type AssignRequest = z.infer<typeof assignRequestSchema>;
export const cancelRequestSchema = z.object({
  reason: trimmed.min(1, 'Indica el motivo de la cancelación').max(200, 'El motivo es demasiado largo'),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;
/** POST /dispatch/bookings/:id/advance: the next step of a trip the desk follows by radio. */
export const ADVANCE_STATUSES = ['en_camino', 'en_el_lugar', 'a_bordo', 'finalizado', 'no_se_presento'] as const;
export const advanceRequestSchema = z.object({ status: z.enum(ADVANCE_STATUSES, { error: 'Estado inválido' }) });
export type AdvanceRequest = z.infer<typeof advanceRequestSchema>;

// ---------------------------------------------------------------- candidates

export const candidateSchema = z.object({
  driver_id: z.number().int(),
  driver_name: z.string(),
  shift_id: z.number().int(),
  vehicle_id: z.number().int().nullable(),
  plate_number: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Straight-line metres from the taxi to the pickup. */
  distance_m: z.number(),
  /** Estimated seconds to the pickup. */
  eta_s: z.number(),
  /** 'linea_recta': distance × detour factor ÷ city speed; 'rutas': the routing engine's road time. */
  eta_source: z.enum(['linea_recta', 'rutas']),
  /** Seconds since the taxi's last position. */
  position_age_s: z.number(),
  /** Asked with a booking: this taxi already let that booking's offer go unanswered (listed last). */
  offer_unanswered: z.boolean().optional(),
  /** The fleet only warns about expired documents (Vencimientos): why this taxi would otherwise be out. */
  document_warnings: z.array(z.string()).optional(),
});
export type Candidate = z.infer<typeof candidateSchema>;
export const candidatesQuerySchema = z
  .object({
    latitude: z.coerce.number({ error: 'Latitud inválida' }).describe('Latitud del punto de recogida'),
    longitude: z.coerce.number({ error: 'Longitud inválida' }).describe('Longitud del punto de recogida'),
    /** The booking the candidates are for: taxis that let its offer go unanswered come last, marked. */
    booking_id: z.coerce
      .number({ error: 'Reserva inválida' })
      .int('Reserva inválida')
      .positive('Reserva inválida')
      .optional()
      .describe('La reserva: los taxis que dejaron su oferta sin respuesta van al final, marcados (`offer_unanswered`)'),
  })
  .refine((p) => insideServiceArea(p.latitude, p.longitude), { message: OUTSIDE_AREA_MESSAGE, path: ['latitude'] });
export const candidatesResponseSchema = z.object({
  candidates: z.array(candidateSchema),
  /** Free taxis nearby kept out because a required document expired (Vencimientos), with the reasons. */
  excluded: z.array(documentBlockSchema),
});
export type CandidatesResponse = z.infer<typeof candidatesResponseSchema>;

// ---------------------------------------------------------------- customers

export const customerSchema = z.object({
  id: z.number().int(),
  /** Normalized: +56 and 9 digits. */
  phone: z.string(),
  name: z.string().nullable(),
  notes: z.string().nullable(),
  /** The last distinct pickups of this customer's bookings, newest first (at most 5). */
  recent_pickups: z.array(placePointSchema),
  trips_count: z.number().int(),
  created_at: isoTime,
});
export type Customer = z.infer<typeof customerSchema>;
export const customersResponseSchema = z.object({ customers: z.array(customerSchema) });
export type CustomersResponse = z.infer<typeof customersResponseSchema>;
export const customerResponseSchema = z.object({ customer: customerSchema });
export type CustomerResponse = z.infer<typeof customerResponseSchema>;

// ---------------------------------------------------------------- the driver's side

/** What the driver's phone sees of a booking (the phone number only once the trip is theirs). */
export const driverTripSchema = z.object({
  id: z.number().int(),
  status: bookingStatusSchema,
  pickup: placePointSchema,
  destination: placePointSchema.nullable(),
  passengers: z.number().int(),
  notes: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  scheduled_for: isoTime.nullable(),
  cancel_reason: z.string().nullable(),
  updated_at: isoTime,
  /**
   * En el lugar: seconds (from when this was sent) until the driver may mark No se presentó, 0 once
   * allowed; null in any other state. Relative, so a phone with a wrong clock counts down right.
   */
  no_show_in_s: z.number().int().nullable(),
});
export type DriverTrip = z.infer<typeof driverTripSchema>;
export const driverOfferSchema = z.object({
  booking: driverTripSchema,
  expires_at: isoTime,
  /** The server's clock when this was sent: a phone with a wrong clock counts down from (expires_at - server_time). */
  server_time: isoTime,
  distance_m: z.number(),
  eta_s: z.number(),
});
export type DriverOffer = z.infer<typeof driverOfferSchema>;
/** GET /driver/dispatch and every driver dispatch action's answer. availability null: no active shift. */
export const driverDispatchResponseSchema = z.object({
  availability: availabilitySchema.nullable(),
  offer: driverOfferSchema.nullable(),
  trip: driverTripSchema.nullable(),
  /** The fleet records fares (issue 35): Finalizar then offers the taxímetro's amount. */
  fares_enabled: z.boolean(),
});
export type DriverDispatchResponse = z.infer<typeof driverDispatchResponseSchema>;
