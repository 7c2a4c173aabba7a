/**
 * The desk's dispatch routes: bookings (list, create, one, assign, offer, cancel, advance),
 * candidates and availability. Another fleet's booking, an unknown id and a malformed one all
 * answer the same Spanish 404; every desk change is written to Actividad in its transaction.
 */
import type { FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  advanceRequestSchema,
  assignRequestSchema,
  bookingCreateSchema,
  bookingStatusLabels,
  cancelRequestSchema,
  candidatesQuerySchema,
  type Actor,
  type AvailabilityListResponse,
  type BookingResponse,
  type BookingsResponse,
  type CandidatesResponse,
  type GeocodeResponse,
} from '../../../contract/dispatch';
import { recordActivity } from '../desk';
import { ownerId, signedInUser } from '../identity';
import type { Config } from '../../platform/config';
import { HttpError, parseBody } from '../../platform/errors';
import { idParam } from '../../platform/params';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { zonedDate, zonedTime } from '../../platform/timeZone';
import { listAvailability } from './availabilityRepo';
import { BookingMessages, findStored, listBoard, loadBooking } from './bookingsRepo';
import { bookingRateLimit } from './bookingRateLimit';
import type { Audit, DispatchService } from './dispatchService';
import { geocode } from './geocoder';
import { routeSpecs } from './routeSpecs';

export interface DispatchRoutesOptions {
  db: Kysely<Database>;
  config: Config;
  service: DispatchService;
  authenticate: preHandlerAsyncHookHandler;
}

export function deskActor(request: FastifyRequest): Actor {
  const user = signedInUser(request);
  return { kind: 'desk', id: user.id, name: user.name };
}

/** Actividad's entry for a booking change: status before → after. */
function audit(request: FastifyRequest, label = ''): Audit {
  return async (trx, before, after) => {
    await recordActivity(trx, request, {
      entity: 'booking',
      entityId: after.id,
      label: `#${after.id} ${label}`.trim(),
      action: before ? 'updated' : 'created',
      // Offers that came to nothing say which: "2 sin respuesta, 1 rechazo" (empty fields are left out).
      before: before && { estado: bookingStatusLabels[before.status], ofertas: before.offers || undefined },
      after: { estado: bookingStatusLabels[after.status], ofertas: after.offers || undefined },
    });
  };
}

export const bookingsRoutes: FastifyPluginAsync<DispatchRoutesOptions> = async (app, { db, config, service, authenticate }) => {
  app.addHook('preHandler', authenticate);
  const lead = config.dispatch.scheduledLeadMinutes;
  const answer = async (request: FastifyRequest, id: number): Promise<BookingResponse> => {
    const booking = await loadBooking(db, ownerId(request), id, lead);
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

  app.get('/dispatch/bookings', routeSpecs.listBookings, async (request): Promise<BookingsResponse> => {
    const today = zonedDate(new Date(), config.tzFleet);
    const midnight = zonedTime(today, 0, config.tzFleet);
    const board = await listBoard(db, ownerId(request), midnight, lead);
    return { bookings: board.bookings, closed_not_shown: board.closedNotShown };
  });

  app.post('/dispatch/bookings', routeSpecs.createBooking, async (request, reply): Promise<BookingResponse> => {
    await bookingRate.check(request);
    const body = parseBody(bookingCreateSchema, request.body);
    const { id, booking } = await service.create(ownerId(request), deskActor(request), body, audit(request, body.pickup.label));
    reply.code(201);
    return booking ? { booking } : answer(request, id);
  });

  app.get('/dispatch/bookings/:id', routeSpecs.getBooking, async (request) => answer(request, await bookingId(request)));

  app.post('/dispatch/bookings/:id/assign', routeSpecs.assignBooking, async (request): Promise<BookingResponse> => {
    const id = await bookingId(request);
    const body = parseBody(assignRequestSchema, request.body);
    await service.assign(ownerId(request), id, body.driver_id, deskActor(request), audit(request), {
      confirmExpired: body.confirm_expired_documents === true,
      // The desk's explicit confirmation, with what had expired, beside the assignment in Actividad.
      override: async (trx, reasons) =>
        recordActivity(trx, request, {
          entity: 'booking',
          entityId: id,
          label: `#${id}`,
          action: 'assigned_despite_documents',
          before: { documentos_vencidos: null },
          after: { documentos_vencidos: reasons.join('; ') },
        }),
    });
    return answer(request, id);
  });

  app.post('/dispatch/bookings/:id/offer', routeSpecs.offerBooking, async (request): Promise<BookingResponse> => {
    const stored = await storedBooking(request);
    // The booking the desks were just told (no second read), when the best candidate took the offer.
    const booking = await service.startOffering(ownerId(request), stored.id, deskActor(request), audit(request), stored);
    return booking ? { booking } : answer(request, stored.id);
  });

  app.post('/dispatch/bookings/:id/pass', routeSpecs.passBooking, async (request): Promise<BookingResponse> => {
    const id = await bookingId(request);
    await service.passToNext(ownerId(request), id, deskActor(request), audit(request));
    return answer(request, id);
  });

  app.post('/dispatch/bookings/:id/cancel', routeSpecs.cancelBooking, async (request): Promise<BookingResponse> => {
    const id = await bookingId(request);
    const body = parseBody(cancelRequestSchema, request.body);
    await service.cancel(ownerId(request), id, body.reason, deskActor(request), audit(request));
    return answer(request, id);
  });

  app.post('/dispatch/bookings/:id/advance', routeSpecs.advanceBooking, async (request): Promise<BookingResponse> => {
    const id = await bookingId(request);
    const body = parseBody(advanceRequestSchema, request.body);
    await service.advance(ownerId(request), id, body.status, deskActor(request), audit(request));
    return answer(request, id);
  });

  app.get('/dispatch/candidates', routeSpecs.candidates, async (request, reply): Promise<CandidatesResponse> => {
    const query = parseBody(candidatesQuerySchema, request.query);
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
};
