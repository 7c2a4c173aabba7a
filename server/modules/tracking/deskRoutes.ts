/**
 * The desk's routes: a booking's tracking link (the booking's detail copies and shares it) and its
 * revocation, and the fleet's tracking settings. Another fleet's booking is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { TrackingLinkResponse, TrackingSettingsResponse } from '../../../contract/tracking';
import { fleetBookingStatus } from '../dispatch';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { ensureLink, findLink, readSettings, revokeLink, writeSettings } from './linksRepo';
import { routeSpecs } from './routeSpecs';
import { LINKED_STATUSES, type TrackingLive } from './trackingLive';

const NOT_FOUND = 'Reserva no encontrada';

export const deskTrackingRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; live: TrackingLive }> = async (app, { db, live }) => {
  /** The caller's fleet's booking (404 otherwise), and its status. */
  const booking = async (request: FastifyRequest) => {
    const id = idParam(request.params, NOT_FOUND);
    const status = await fleetBookingStatus(db, ownerId(request), id);
    if (status === null) throw new HttpError(404, NOT_FOUND);
    return { id, status };
  };

  app.get('/tracking/bookings/:id', routeSpecs.bookingLink, async (request): Promise<TrackingLinkResponse> => {
    const { id, status } = await booking(request);
    // The hook makes it as the taxi is assigned; a desk asking in that very moment makes it the same way.
    if (LINKED_STATUSES.includes(status)) await ensureLink(db, ownerId(request), id);
    return { link: await findLink(db, ownerId(request), id) };
  });

  app.post('/tracking/bookings/:id/revoke', routeSpecs.revokeLink, async (request): Promise<TrackingLinkResponse> => {
    const { id } = await booking(request);
    const link = await revokeLink(db, ownerId(request), id);
    live.refresh(ownerId(request), id);
    return { link };
  });

  app.get('/tracking/settings', routeSpecs.getSettings, async (request): Promise<TrackingSettingsResponse> => ({ settings: await readSettings(db, ownerId(request)) }));

  app.put('/tracking/settings', routeSpecs.putSettings, async (request): Promise<TrackingSettingsResponse> => {
    const body = request.body;
    return { settings: await writeSettings(db, ownerId(request), body) };
  });
};
