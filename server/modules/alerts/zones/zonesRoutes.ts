/** Zonas: list, create, edit, delete, GeoJSON export and import (Dueño and Administrador). Another fleet's: 404. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { MAX_ZONE_VERTICES, MAX_ZONES_PER_FLEET, ZoneMessages, type ZoneInput } from '../../../../contract/alerts';
import { BODY_LIMITS } from '../../../../contract/bodyLimits';
import type { OkResponse } from '../../../../contract/common';
import { recordActivity } from '../../desk';
import { lockFleet, ownerId } from '../../identity';
import type { Database } from '../../../platform/db/schema';
import { HttpError } from '../../../platform/errors';
import { idParam } from '../../../platform/params';
import { routeSpecs } from '../routeSpecs';
import { toFeatureCollection, zonesFromCollection } from './zonesGeojson';
import { countZones, deleteZone, findZone, insertZones, listZones, updateZone } from './zonesRepo';
import { normalizeGeometry, shapeProblem } from './zoneShape';

/** A zone request, its schema already checked by the route: now its shape. */
function parseZone(zone: ZoneInput): ZoneInput {
  const normalized = { ...zone, geometry: normalizeGeometry(zone.geometry) };
  const problem = shapeProblem(normalized.geometry);
  if (problem) throw new HttpError(400, problem.message, { [problem.field]: problem.message });
  return normalized;
}

export const zonesRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; changed: (ownerId: number) => void }> = async (app, { db, changed }) => {
  app.get('/zones', routeSpecs.listZones, async (request) => ({ zones: await listZones(db, ownerId(request)), limits: { max_zones: MAX_ZONES_PER_FLEET, max_vertices: MAX_ZONE_VERTICES } }));

  app.post('/zones', routeSpecs.createZone, async (request, reply) => {
    const body = parseZone(request.body);
    const owner = ownerId(request);
    const zone = await db.transaction().execute(async (trx) => {
      // The fleet's row locked: two creations at once cannot both pass the limit.
      await lockFleet(trx, owner);
      if ((await countZones(trx, owner)) >= MAX_ZONES_PER_FLEET) throw new HttpError(400, ZoneMessages.tooManyZones);
      const [created] = await insertZones(trx, owner, [body]);
      await recordActivity(trx, request, { entity: 'zone', entityId: created.id, label: created.name, action: 'created', before: null, after: body });
      return created;
    });
    changed(owner);
    reply.code(201);
    return { zone };
  });

  app.put('/zones/:id', routeSpecs.updateZone, async (request) => {
    const id = idParam(request.params, ZoneMessages.notFound);
    const owner = ownerId(request);
    if (!(await findZone(db, owner, id))) throw new HttpError(404, ZoneMessages.notFound);
    const body = parseZone(request.body);
    const zone = await db.transaction().execute(async (trx) => {
      const before = await findZone(trx, owner, id);
      const updated = before && (await updateZone(trx, owner, id, body));
      if (!before || !updated) throw new HttpError(404, ZoneMessages.notFound);
      await recordActivity(trx, request, { entity: 'zone', entityId: id, label: updated.name, action: 'updated', before, after: updated });
      return updated;
    });
    changed(owner);
    return { zone };
  });

  app.delete('/zones/:id', routeSpecs.deleteZone, async (request): Promise<OkResponse> => {
    const id = idParam(request.params, ZoneMessages.notFound);
    const owner = ownerId(request);
    await db.transaction().execute(async (trx) => {
      const before = await findZone(trx, owner, id);
      if (!before || !(await deleteZone(trx, owner, id))) throw new HttpError(404, ZoneMessages.notFound);
      await recordActivity(trx, request, { entity: 'zone', entityId: id, label: before.name, action: 'deleted', before, after: null });
    });
    changed(owner);
    return { ok: true };
  });

  app.get('/zones/export', routeSpecs.exportZones, async (request, reply) => {
    reply.header('content-disposition', 'attachment; filename="zonas.geojson"');
    return toFeatureCollection(await listZones(db, ownerId(request)));
  });

  // Its own body limit: the fleet's own export of the most zones it may hold must come back in (contract/bodyLimits.ts).
  app.post('/zones/import', { ...routeSpecs.importZones, bodyLimit: BODY_LIMITS.zonesImport }, async (request, reply) => {
    const zones = zonesFromCollection(request.body);
    const owner = ownerId(request);
    const created = await db.transaction().execute(async (trx) => {
      await lockFleet(trx, owner);
      if ((await countZones(trx, owner)) + zones.length > MAX_ZONES_PER_FLEET) throw new HttpError(400, ZoneMessages.tooManyZones);
      const rows = await insertZones(trx, owner, zones);
      for (const zone of rows) await recordActivity(trx, request, { entity: 'zone', entityId: zone.id, label: zone.name, action: 'created', before: null, after: { name: zone.name, kind: zone.kind } });
      return rows;
    });
    changed(owner);
    reply.code(201);
    return { zones: created };
  });
};
