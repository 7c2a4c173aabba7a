/** La bandeja (every desk role): the fleet's alerts newest first, the open count, and "Reconocer". */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AlertResponse, AlertsResponse, AlertSummary, BulkAcknowledgeResponse } from '../../../contract/alerts';
import { recordActivity } from '../desk';
import { ownerId, signedInUser } from '../identity';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { acknowledgeAlert, acknowledgeMany, findAlert, ownDeskAlertIds, listDeskAlerts, openCounts, toAlert, toDriverSos } from './alertsRepo';
import type { AlertEvents } from './events';
import { routeSpecs } from './routeSpecs';

export const AlertMessages = {
  notFound: 'Alerta no encontrada',
  alreadyAcknowledged: (by: string) => `${by} ya reconoció esta alerta`,
} as const;

interface Options {
  db: Kysely<Database>;
  events: AlertEvents;
  clock: Clock;
}

export const alertsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, events, clock }) => {
  app.get('/alerts', routeSpecs.listAlerts, async (request): Promise<AlertsResponse> => {
    const query = request.query;
    const owner = ownerId(request);
    const [{ rows, hasMore }, counts] = [await listDeskAlerts(db, owner, query), await openCounts(db, owner)];
    return { alerts: rows.map(toAlert), open_count: counts.open, has_more: hasMore };
  });

  app.get('/alerts/summary', routeSpecs.alertSummary, async (request): Promise<AlertSummary> => {
    const counts = await openCounts(db, ownerId(request));
    return { open_count: counts.open, open_sos: counts.sos, sos_drivers: counts.sosDrivers };
  });

  // "Reconocer seleccionadas" and "Reconocer todas las de este tipo": one call, one note, all or nothing on ids.
  app.post('/alerts/acknowledge', routeSpecs.acknowledgeAlerts, async (request): Promise<BulkAcknowledgeResponse> => {
    const owner = ownerId(request);
    const { ids, kind, note } = request.body;
    const user = signedInUser(request);
    const rows = await db.transaction().execute(async (trx) => {
      // Any id that is not this fleet's desk alert refuses the whole call: nothing changes.
      if (ids && (await ownDeskAlertIds(trx, owner, ids)).length !== ids.length) throw new HttpError(404, AlertMessages.notFound);
      const acknowledged = await acknowledgeMany(trx, owner, ids ? { ids } : { kind: kind! }, user.name, note, clock.now());
      for (const row of acknowledged) await recordActivity(trx, request, { entity: 'alert', entityId: row.id, label: row.title, action: 'acknowledged', before: { nota: null }, after: { nota: note } });
      return acknowledged;
    });
    for (const row of rows) {
      events.changed(row);
      if (row.kind === 'sos' && row.driver_id !== null) events.sosChanged(row.driver_id, toDriverSos(row));
    }
    return { alerts: rows.map(toAlert), acknowledged: rows.length };
  });

  app.post('/alerts/:id/acknowledge', routeSpecs.acknowledgeAlert, async (request): Promise<AlertResponse> => {
    const id = idParam(request.params, AlertMessages.notFound);
    const owner = ownerId(request);
    const { note } = request.body;
    const user = signedInUser(request);
    const row = await db.transaction().execute(async (trx) => {
      const acknowledged = await acknowledgeAlert(trx, owner, id, user.name, note, clock.now());
      if (!acknowledged) {
        const existing = await findAlert(trx, owner, id);
        if (!existing) throw new HttpError(404, AlertMessages.notFound);
        throw new HttpError(409, AlertMessages.alreadyAcknowledged(existing.acknowledged_by ?? 'Alguien'));
      }
      await recordActivity(trx, request, { entity: 'alert', entityId: id, label: acknowledged.title, action: 'acknowledged', before: { nota: null }, after: { nota: note } });
      return acknowledged;
    });
    events.changed(row);
    if (row.kind === 'sos' && row.driver_id !== null) events.sosChanged(row.driver_id, toDriverSos(row));
    return { alert: toAlert(row) };
  });
};
