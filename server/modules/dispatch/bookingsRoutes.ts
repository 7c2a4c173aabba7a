/**
 * The desk's dispatch routes: bookings (list, create, "Crear y ofrecer", one, assign, offer, pass,
 * cancel, advance), candidates and availability. Another fleet's booking, an unknown id and a
 * malformed one all answer the same Spanish 404. Each route hands the service who is calling and
 * maps its outcome to HTTP (dispatchAnswers.ts); the service writes Actividad in its transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  type Actor,
  type AvailabilityListResponse,
  type Booking,
  type BookingCreatedAndOfferedResponse,
  type BookingResponse,
  type BookingsResponse,
  type CandidatesResponse,
  type GeocodeResponse,
} from '../../../contract/dispatch';
import type { ActivityAuthor } from '../desk';
import { ownerId, signedInUser } from '../identity';
import type { Config } from '../../platform/config';
import { HttpError } from '../../platform/errors';
import { idParam } from '../../platform/params';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { zonedDate, zonedTime } from '../../platform/timeZone';
import { listAvailability } from './availabilityRepo';
import { BookingMessages, findStored, listBoard } from './bookingsRepo';
import { bookingRateLimit } from './bookingRateLimit';
import { accepted, refusalMessage } from './dispatchAnswers';
import type { DispatchService } from './dispatchService';
import { geocode } from './geocoder';
import type { RouteApp } from '../../platform/routeSpec';
import { routeSpecs } from './routeSpecs';

export interface DispatchRoutesOptions {
  db: Kysely<Database>;
  config: Config;
  service: DispatchService;
}

export function deskActor(request: FastifyRequest): Actor {
  return deskCaller(request).actor;
}

/** The desk person behind a request: as the booking's history names them, and as the service writes them to Actividad. */
function deskCaller(request: FastifyRequest): { ownerId: number; actor: Actor; author: ActivityAuthor } {
  const user = signedInUser(request);
  return {
    ownerId: ownerId(request),
    actor: { kind: 'desk', id: user.id, name: user.name },
    author: { ownerId: user.ownerId, role: user.role, id: user.id, name: user.name, ip: request.ip ?? null },
  };
}

/** What the groups of booking routes share: the answer after a change, the booking or its 404, the creation rate limit. */
function bookingHelpers(app: RouteApp, { db, config, service }: DispatchRoutesOptions) {
  const lead = config.dispatch.scheduledLeadMinutes;
  /** The booking as the service told it, or read now (the service answered none: the offering went on in the background). */
  const answer = async (request: FastifyRequest, id: number, told: Booking | null = null): Promise<BookingResponse> => {
    const booking = told ?? (await service.booking(ownerId(request), id));
    if (!booking) throw new HttpError(404, BookingMessages.notFound);
    return { booking };
  };
  /** The :id of a booking of the caller's fleet (another fleet's is 404 before its body is even read). */
  const storedBooking = async (request: FastifyRequest) => {
    const id = idParam(request.params, BookingMessages.notFound);
    const stored = await findStored(db, ownerId(request), id);
    if (!stored) throw new HttpError(404, BookingMessages.notFound);
    return stored;
  };
  const bookingId = async (request: FastifyRequest) => (await storedBooking(request)).id;
  const bookingRate = bookingRateLimit(app, config.dispatch.bookingsPerMinute);

  return { db, config, service, lead, answer, storedBooking, bookingId, bookingRate };
}

type Helpers = ReturnType<typeof bookingHelpers>;

/** The board: list, create (and offer at once), read one. */
function bookingRoutes(app: RouteApp, { db, config, service, lead, answer, bookingId, bookingRate }: Helpers) {
  const countCreation = async (request: FastifyRequest) => bookingRate.check(request);
  app.get('/dispatch/bookings', routeSpecs.listBookings, async (request): Promise<BookingsResponse> => {
    const today = zonedDate(new Date(), config.tzFleet);
    const midnight = zonedTime(today, 0, config.tzFleet);
    const board = await listBoard(db, ownerId(request), midnight, lead);
    return { bookings: board.bookings, closed_not_shown: board.closedNotShown };
  });

  // The creation limit counts before the body is judged (a route preValidation): a refused body counts too, as it did.
  app.post('/dispatch/bookings', { ...routeSpecs.createBooking, preValidation: countCreation }, async (request, reply): Promise<BookingResponse> => {
    const body = request.body;
    const caller = deskCaller(request);
    const { id, booking } = accepted(await service.create(caller.ownerId, caller.actor, body, caller.author));
    reply.code(201);
    return answer(request, id, booking);
  });

  // "Crear y ofrecer": one request, one use case. The booking is made even when the offering cannot
  // start; `offer_refused` then says why (the desk shows it, the booking waits on the board).
  app.post('/dispatch/bookings/create-and-offer', { ...routeSpecs.createAndOfferBooking, preValidation: countCreation }, async (request, reply): Promise<BookingCreatedAndOfferedResponse> => {
    const body = request.body;
    const caller = deskCaller(request);
    const { id, booking, offerRefused } = accepted(await service.createAndOffer(caller.ownerId, caller.actor, body, caller.author));
    reply.code(201);
    return { ...(await answer(request, id, booking)), offer_refused: offerRefused && refusalMessage(offerRefused) };
  });

  app.get('/dispatch/bookings/:id', routeSpecs.getBooking, async (request) => answer(request, await bookingId(request)));
}

/** What the desk does to a booking: assign, offer, pass, cancel, advance. */
function bookingActionRoutes(app: RouteApp, { service, answer, storedBooking, bookingId }: Helpers) {
  app.post('/dispatch/bookings/:id/assign', routeSpecs.assignBooking, async (request): Promise<BookingResponse> => {
    const id = await bookingId(request);
    const body = request.body;
    const caller = deskCaller(request);
    accepted(await service.assign(caller.ownerId, id, body.driver_id, caller.actor, caller.author, body.confirm_expired_documents === true));
    return answer(request, id);
  });

  app.post('/dispatch/bookings/:id/offer', routeSpecs.offerBooking, async (request): Promise<BookingResponse> => {
    const stored = await storedBooking(request);
    // The booking the desks were just told (no second read), when the best candidate took the offer.
    const caller = deskCaller(request);
    const { booking } = accepted(await service.startOffering(caller.ownerId, stored.id, caller.actor, caller.author, stored));
    return answer(request, stored.id, booking);
  });

  app.post('/dispatch/bookings/:id/pass', routeSpecs.passBooking, async (request): Promise<BookingResponse> => {
    const id = await bookingId(request);
    const caller = deskCaller(request);
    accepted(await service.passToNext(caller.ownerId, id, caller.actor, caller.author));
    return answer(request, id);
  });

  app.post('/dispatch/bookings/:id/cancel', routeSpecs.cancelBooking, async (request): Promise<BookingResponse> => {
    const id = await bookingId(request);
    const body = request.body;
    const caller = deskCaller(request);
    accepted(await service.cancel(caller.ownerId, id, body.reason, caller.actor, caller.author));
    return answer(request, id);
  });

  app.post('/dispatch/bookings/:id/advance', routeSpecs.advanceBooking, async (request): Promise<BookingResponse> => {
    const id = await bookingId(request);
    const body = request.body;
    const caller = deskCaller(request);
    accepted(await service.advance(caller.ownerId, id, body.status, caller.actor, caller.author));
    return answer(request, id);
  });
}

/** What the desk looks up while dispatching: candidates, addresses, availability. */
function dispatchLookupRoutes(app: RouteApp, { db, config, service }: Helpers) {
  app.get('/dispatch/candidates', routeSpecs.candidates, async (request, reply): Promise<CandidatesResponse> => {
    const query = request.query;
    const { candidates, excluded, searchMs } = await service.candidates(ownerId(request), query.latitude, query.longitude, query.booking_id);
    // The search's own time (no network, no JSON, no other request's work): `npm run bench -- dispatch` reports it as the server time.
    reply.header('server-timing', `candidates;dur=${searchMs.toFixed(3)}`);
    return { candidates, excluded };
  });

  app.get<{ Querystring: { query?: string; latitude?: string; longitude?: string } }>('/dispatch/geocode', routeSpecs.geocode, async (request): Promise<GeocodeResponse> => {
    const url = config.dispatch.geocoderUrl;
    const text = typeof request.query?.query === 'string' ? request.query.query.trim().slice(0, 200) : '';
    if (!url) return { results: [], configured: false };
    if (text.length < 3) return { results: [], configured: true };
    const latitude = Number(request.query.latitude);
    const longitude = Number(request.query.longitude);
    const bias = Number.isFinite(latitude) && Number.isFinite(longitude) && request.query.latitude ? { latitude, longitude } : undefined;
    return { results: await geocode(url, text, bias), configured: true };
  });

  app.get('/dispatch/availability', routeSpecs.availability, async (request): Promise<AvailabilityListResponse> => ({
    availability: await listAvailability(db, ownerId(request)),
  }));
}

export const bookingsRoutes: FastifyPluginAsyncZod<DispatchRoutesOptions> = async (app, options) => {
  const helpers = bookingHelpers(app, options);
  bookingRoutes(app, helpers);
  bookingActionRoutes(app, helpers);
  dispatchLookupRoutes(app, helpers);
};
