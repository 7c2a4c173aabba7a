/**
 * Lugares, the fleet's saved places (list, add, edit, delete, import a file's worth at once), and the
 * pickup field's suggestions (places, addresses the fleet used, the geocoder). Another fleet's place: 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  type PickupSuggestionsResponse,
  type PlaceResponse,
  type PlacesImportResponse,
  type PlacesResponse,
} from '../../../contract/dispatch';
import { BODY_LIMITS } from '../../../contract/bodyLimits';
import type { OkResponse } from '../../../contract/common';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { pickupSuggestions } from './pickupSuggestions';
import { deletePlace, findPlace, insertPlace, insertPlaces, listPlaces, updatePlace } from './placesRepo';
import { routeSpecs } from './routeSpecs';

export const PlaceMessages = {
  notFound: 'Lugar no encontrado',
} as const;

const QUERY_MAX = 100;

export const placesRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  app.get('/dispatch/places', routeSpecs.listPlaces, async (request): Promise<PlacesResponse> => ({ places: await listPlaces(db, ownerId(request)) }));

  app.post('/dispatch/places', routeSpecs.createPlace, async (request, reply): Promise<PlaceResponse> => {
    const body = request.body;
    const place = await db.transaction().execute(async (trx) => {
      const created = await insertPlace(trx, ownerId(request), body);
      await recordActivity(trx, request, { entity: 'place', entityId: created.id, label: created.name, action: 'created', before: null, after: body });
      return created;
    });
    reply.code(201);
    return { place };
  });

  // Its own body limit: 500 places with every text at its longest (contract/bodyLimits.ts).
  app.post('/dispatch/places/import', { ...routeSpecs.importPlaces, bodyLimit: BODY_LIMITS.placesImport }, async (request, reply): Promise<PlacesImportResponse> => {
    const body = request.body;
    const places = await db.transaction().execute(async (trx) => {
      const created = await insertPlaces(trx, ownerId(request), body.places);
      // One entry for the file, not one per row: Actividad stays readable after a 300-row import.
      await recordActivity(trx, request, {
        entity: 'place',
        entityId: created[0].id,
        label: `${created.length} ${created.length === 1 ? 'lugar importado' : 'lugares importados'}`,
        action: 'created',
        before: null,
        after: { lugares: created.map((place) => place.name).join(', ').slice(0, 500) },
      });
      return created;
    });
    reply.code(201);
    return { created: places.length, places };
  });

  app.put('/dispatch/places/:id', routeSpecs.updatePlace, async (request): Promise<PlaceResponse> => {
    const id = idParam(request.params, PlaceMessages.notFound);
    if (!(await findPlace(db, ownerId(request), id))) throw new HttpError(404, PlaceMessages.notFound);
    const body = request.body;
    const place = await db.transaction().execute(async (trx) => {
      const before = await findPlace(trx, ownerId(request), id);
      const updated = before && (await updatePlace(trx, ownerId(request), id, body));
      if (!before || !updated) throw new HttpError(404, PlaceMessages.notFound);
      await recordActivity(trx, request, { entity: 'place', entityId: id, label: updated.name, action: 'updated', before, after: updated });
      return updated;
    });
    return { place };
  });

  app.delete('/dispatch/places/:id', routeSpecs.deletePlace, async (request): Promise<OkResponse> => {
    const id = idParam(request.params, PlaceMessages.notFound);
    await db.transaction().execute(async (trx) => {
      const before = await findPlace(trx, ownerId(request), id);
      if (!before || !(await deletePlace(trx, ownerId(request), id))) throw new HttpError(404, PlaceMessages.notFound);
      await recordActivity(trx, request, { entity: 'place', entityId: id, label: before.name, action: 'deleted', before, after: null });
    });
    return { ok: true };
  });

  app.get<{ Querystring: { query?: string; latitude?: string; longitude?: string } }>(
    '/dispatch/pickup-suggestions',
    routeSpecs.pickupSuggestions,
    async (request): Promise<PickupSuggestionsResponse> => {
      const query = typeof request.query?.query === 'string' ? request.query.query.slice(0, QUERY_MAX) : '';
      const latitude = Number(request.query?.latitude);
      const longitude = Number(request.query?.longitude);
      const bias = request.query?.latitude && request.query?.longitude && Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : undefined;
      const url = config.dispatch.geocoderUrl;
      return { suggestions: await pickupSuggestions(db, ownerId(request), query, { url, bias }), geocoder: Boolean(url) };
    },
  );
};
