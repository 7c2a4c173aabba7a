/**
 * "Silenciar 1 hora" (issue 46): every desk role mutes a busy zone's alerts for ZONE_MUTE_MINUTES by
 * the server's clock, sees which zones are muted until when, and ends a mute early. Each change is in
 * Actividad. Another fleet's zone: 404, and nothing changes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ZONE_MUTE_MINUTES, ZoneMessages, type ZoneMuteResponse, type ZoneMutesResponse } from '../../../../contract/alerts';
import type { OkResponse } from '../../../../contract/common';
import { recordActivity } from '../../desk';
import { ownerId, signedInUser } from '../../identity';
import type { Clock } from '../../../platform/clock';
import type { Database } from '../../../platform/db/schema';
import { HttpError } from '../../../platform/errors';
import { idParam } from '../../../platform/params';
import { routeSpecs } from '../routeSpecs';
import { activeMutes, muteZone, unmuteZone } from './zoneMutesRepo';

export const zoneMutesRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (app, { db, clock }) => {
  app.get('/zones/mutes', routeSpecs.listZoneMutes, async (request): Promise<ZoneMutesResponse> => ({ mutes: await activeMutes(db, ownerId(request), clock.now()) }));

  app.post('/zones/:id/mute', routeSpecs.muteZone, async (request): Promise<ZoneMuteResponse> => {
    const id = idParam(request.params, ZoneMessages.notFound);
    const owner = ownerId(request);
    const until = new Date(clock.now().getTime() + ZONE_MUTE_MINUTES * 60_000);
    const mute = await db.transaction().execute(async (trx) => {
      const muted = await muteZone(trx, owner, id, until, signedInUser(request).name);
      if (!muted) throw new HttpError(404, ZoneMessages.notFound);
      await recordActivity(trx, request, { entity: 'zone', entityId: id, label: muted.zone_name, action: 'muted', before: null, after: { silenciada_hasta: muted.muted_until } });
      return muted;
    });
    return { mute };
  });

  app.delete('/zones/:id/mute', routeSpecs.unmuteZone, async (request): Promise<OkResponse> => {
    const id = idParam(request.params, ZoneMessages.notFound);
    const owner = ownerId(request);
    await db.transaction().execute(async (trx) => {
      const name = await unmuteZone(trx, owner, id);
      if (name === undefined) throw new HttpError(404, ZoneMessages.notFound);
      await recordActivity(trx, request, { entity: 'zone', entityId: id, label: name, action: 'unmuted', before: null, after: null });
    });
    return { ok: true };
  });
};
