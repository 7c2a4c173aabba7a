/**
 * "Pedir un taxi" (issue 36, item 5): the fleet's public request page's two routes, by the fleet's
 * code. An unknown code and a fleet whose page is off answer the same 404. The request becomes an
 * ordinary booking through dispatch (services.webBookings: every desk sees it at once, "Por
 * asignar", origin web) with its tracking link made at once, so the passenger follows it from
 * "Buscando taxi".
 *
 * Abuse limits (README, docs/api.md): POSTs per address an hour (@fastify/rate-limit, counted
 * before anything else); a number's web requests in the last hour and its open ones; a number the
 * desk blocked gets a plain refusal that does not say why. A filled honeypot gets a quiet fake
 * success: a token that was never stored, whose page says "Este viaje terminó".
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { BookingCreate } from '../../../contract/dispatch';
import { normalizeFleetCode } from '../../../contract/fleetCode';
import { HONEYPOT_FIELD, pickupDefaultLabels, TaxiRequestMessages, taxiRequestSchema, type RequestPickup, type TaxiRequest, type TaxiRequestPageResponse, type TaxiRequestResponse } from '../../../contract/taxiRequests';
import { trackingPath } from '../../../contract/tracking';
import type { Database } from '../../platform/db/schema';
import { HttpError, parseBody } from '../../platform/errors';
import type { RouteSpec } from '../../platform/routeSpec';
import { customerName, placeByName, placeNames, placesCenter, webRequestsOf, type WebBookings } from '../dispatch';
import { ensureLink, findLink, newToken } from './linksRepo';
import { NOINDEX } from './publicRoutes';
import { findRequestFleet, isBlocked, type RequestFleet } from './requestsRepo';
import { routeSpecs } from './routeSpecs';
import type { TrackingConfig } from './settings';

const HOUR_MS = 3_600_000;

interface RequestRoutesOptions {
  db: Kysely<Database>;
  config: TrackingConfig;
  /** Resolved per request: dispatch sets it as it registers. */
  webBookings: WebBookings;
  now: () => Date;
}

const retryAfter = (ms: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) });

export const taxiRequestRoutes: FastifyPluginAsync<RequestRoutesOptions> = async (app, { db, config, webBookings, now }) => {
  const limited = (spec: RouteSpec, key: string, max: number, timeWindow: number, message: string) => ({
    ...spec,
    config: {
      ...spec.config,
      rateLimit: {
        max,
        timeWindow,
        keyGenerator: (request: FastifyRequest) => `${key}|${request.ip}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => new HttpError(429, message, undefined, retryAfter(context.ttl)),
      },
    },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('X-Robots-Tag', NOINDEX);
    reply.header('Cache-Control', 'no-store');
  });

  const fleetOf = async (request: FastifyRequest): Promise<RequestFleet> => {
    const raw = (request.params as { fleetCode?: unknown }).fleetCode;
    const code = typeof raw === 'string' ? normalizeFleetCode(raw) : null;
    const fleet = code ? await findRequestFleet(db, code) : null;
    if (!fleet) throw new HttpError(404, TaxiRequestMessages.unknownFleet);
    return fleet;
  };

  app.get(
    '/public/requests/:fleetCode',
    limited(routeSpecs.requestPage, 'requests-page', config.requestsPerMinute, 60_000, TaxiRequestMessages.address),
    async (request): Promise<TaxiRequestPageResponse> => {
      const fleet = await fleetOf(request);
      const [places, center] = await Promise.all([placeNames(db, fleet.ownerId), placesCenter(db, fleet.ownerId)]);
      return { page: { fleet: { name: fleet.name, phone: fleet.phone }, places, center } };
    },
  );

  app.post(
    '/public/requests/:fleetCode',
    limited(routeSpecs.createRequest, 'requests-post', config.requestsPerAddressPerHour, HOUR_MS, TaxiRequestMessages.address),
    async (request, reply): Promise<TaxiRequestResponse> => {
      const fleet = await fleetOf(request);
      const body = request.body as Record<string, unknown> | null | undefined;
      // A bot filled the field people never see: it "succeeds", and learns nothing it could tune against.
      if (body && typeof body === 'object' && typeof body[HONEYPOT_FIELD] === 'string' && body[HONEYPOT_FIELD] !== '') {
        reply.code(201);
        const token = newToken();
        return { token, path: trackingPath(token) };
      }
      const input = parseBody(taxiRequestSchema, body);
      if (await isBlocked(db, fleet.ownerId, input.phone)) throw new HttpError(403, TaxiRequestMessages.refused);
      const { recent, open } = await webRequestsOf(db, fleet.ownerId, input.phone, new Date(now().getTime() - HOUR_MS));
      if (open >= config.openRequestsPerPhone) throw new HttpError(409, TaxiRequestMessages.openRequest);
      if (recent >= config.requestsPerPhonePerHour) throw new HttpError(429, TaxiRequestMessages.phoneHour, undefined, retryAfter(HOUR_MS));
      const booking = await bookingOf(fleet.ownerId, input);
      const id = await webBookings.create(fleet.ownerId, booking, { offer: fleet.autoOffer });
      await ensureLink(db, fleet.ownerId, id);
      const link = await findLink(db, fleet.ownerId, id);
      if (!link) throw new Error(`tracking link missing for web booking ${id}`);
      reply.code(201);
      return { token: link.token, path: link.path };
    },
  );

  async function pickupOf(ownerId: number, pickup: RequestPickup): Promise<BookingCreate['pickup']> {
    const suffix = pickup.reference ? ` (${pickup.reference})` : '';
    if (pickup.kind !== 'lugar') return { latitude: pickup.latitude, longitude: pickup.longitude, label: `${pickup.reference ?? pickupDefaultLabels[pickup.kind]}` };
    const place = await placeByName(db, ownerId, pickup.name);
    if (!place) throw new HttpError(400, TaxiRequestMessages.unknownPlace, { 'pickup.name': TaxiRequestMessages.unknownPlace });
    return { latitude: place.latitude, longitude: place.longitude, label: `${place.name}${suffix}` };
  }

  /**
   * The booking as the desk would type it. A number the fleet already knows keeps its stored name
   * (a stranger typing someone's number must not rename the customer): the typed name goes in the notes.
   */
  async function bookingOf(ownerId: number, input: TaxiRequest): Promise<BookingCreate> {
    const known = await customerName(db, ownerId, input.phone);
    const renamed = known !== null && known !== input.name;
    const notes = [renamed ? `Nombre dado en la web: ${input.name}` : null, input.notes].filter(Boolean).join('. ');
    return {
      customer_phone: input.phone,
      customer_name: known === null ? input.name : null,
      pickup: await pickupOf(ownerId, input.pickup),
      destination: null,
      passengers: 1,
      notes: notes || null,
      scheduled_for: null,
    };
  }
};
