/**
 * The fleet's webhook endpoints (CRUD, secret, Probar, delivery log) and the notifications status.
 * Another fleet's endpoint answers 404, like one that does not exist. Changes go to Actividad
 * (never the secret itself).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { OkResponse } from '../../../contract/common';
import {
  MAX_WEBHOOK_ENDPOINTS,
  SUBSCRIBABLE_EVENT_TYPES,
  type webhookEndpointRequestSchema,
  webhookEventTypeLabels,
  type NotificationsStatus,
  type WebhookDeliveriesResponse,
  type WebhookDeliveryResponse,
  type WebhookEndpointCreated,
  type WebhookEndpointResponse,
  type WebhookEndpointsResponse,
  type WebhookSecretResponse,
} from '../../../contract/notifications';
import { recordActivity } from '../desk';
import { lockFleet, ownerId } from '../identity';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { HttpError, Messages } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { deleteEndpoint, deliveryView, endpointView, findEndpoint, insertEndpoint, listDeliveries, listEndpoints, updateEndpoint, countEndpoints, type EndpointRow } from './endpointsRepo';
import { eventBody } from './enqueue';
import { insertOutboxRows } from './outboxRepo';
import type { RouteApp } from '../../platform/routeSpec';
import { routeSpecs } from './routeSpecs';
import type { NotificationsConfig } from './settings';
import { newWebhookSecret } from './signature';
import { checkWebhookUrl } from './ssrf';

export const WebhookMessages = {
  notFound: 'Endpoint no encontrado',
  tooMany: `La flota ya tiene ${MAX_WEBHOOK_ENDPOINTS} endpoints: elimina uno antes de agregar otro`,
  testMessage: 'Evento de prueba enviado desde Flota (botón Probar).',
} as const;

interface Options {
  db: Kysely<Database>;
  config: NotificationsConfig;
  clock: Clock;
  /** The fleet's endpoints changed (committed): its cached copy goes. */
  changed?: (ownerId: number) => void;
}

/** What Actividad keeps of an endpoint: never its secret. */
const logged = (row: EndpointRow) => ({ url: row.url, description: row.description, events: row.events, enabled: row.enabled });

/** What the groups of webhook routes share: an endpoint body checked for SSRF. */
function webhookHelpers({ db, config, clock, changed = () => undefined }: Options) {
  /** The body, checked by the contract and then for SSRF (a name is resolved here; again at each delivery). */
  async function endpointInput(input: z.output<typeof webhookEndpointRequestSchema>) {
    const refused = await checkWebhookUrl(input.url, config.allowPrivate);
    if (refused) throw new HttpError(400, Messages.checkFields, { url: refused });
    return input;
  }

  return { db, config, clock, changed, endpointInput };
}

type Helpers = ReturnType<typeof webhookHelpers>;

/** The status and the endpoints: list, create, change, delete. */
function endpointRoutes(app: RouteApp, { db, config, clock, changed, endpointInput }: Helpers) {
  app.get('/notifications/status', routeSpecs.status, async (): Promise<NotificationsStatus> => ({
    email: { configured: config.smtpUrl !== null, from: config.smtpUrl ? config.smtpFrom : null },
    webhooks: { max_endpoints: MAX_WEBHOOK_ENDPOINTS, max_attempts: config.maxAttempts, timeout_seconds: config.timeoutSeconds, private_addresses_allowed: config.allowPrivate },
    event_types: SUBSCRIBABLE_EVENT_TYPES.map((type) => ({ type, label: webhookEventTypeLabels[type] })),
  }));

  app.get('/webhooks', routeSpecs.listEndpoints, async (request): Promise<WebhookEndpointsResponse> => ({ endpoints: await listEndpoints(db, ownerId(request), clock.now()) }));

  app.post('/webhooks', routeSpecs.createEndpoint, async (request, reply): Promise<WebhookEndpointCreated> => {
    const input = await endpointInput(request.body);
    const owner = ownerId(request);
    const created = await db.transaction().execute(async (trx) => {
      // Counted under a lock on the owner's row: two managers adding at once cannot pass the limit.
      await lockFleet(trx, owner);
      if ((await countEndpoints(trx, owner)) >= MAX_WEBHOOK_ENDPOINTS) throw new HttpError(400, WebhookMessages.tooMany);
      const row = await insertEndpoint(trx, owner, input, newWebhookSecret());
      await recordActivity(trx, request, { entity: 'webhook', entityId: row.id, label: row.url, action: 'created', before: null, after: logged(row) });
      return row;
    });
    changed(owner);
    reply.code(201);
    return { endpoint: await endpointView(db, created, clock.now()), secret: created.secret };
  });

  app.put('/webhooks/:id', routeSpecs.updateEndpoint, async (request): Promise<WebhookEndpointResponse> => {
    const id = idParam(request.params, WebhookMessages.notFound);
    const owner = ownerId(request);
    if (!(await findEndpoint(db, owner, id))) throw new HttpError(404, WebhookMessages.notFound);
    const input = await endpointInput(request.body);
    const updated = await db.transaction().execute(async (trx) => {
      const before = await findEndpoint(trx, owner, id);
      const after = before && (await updateEndpoint(trx, owner, id, input));
      if (!before || !after) throw new HttpError(404, WebhookMessages.notFound);
      await recordActivity(trx, request, { entity: 'webhook', entityId: id, label: after.url, action: 'updated', before: logged(before), after: logged(after) });
      return after;
    });
    changed(owner);
    return { endpoint: await endpointView(db, updated, clock.now()) };
  });

  app.delete('/webhooks/:id', routeSpecs.deleteEndpoint, async (request): Promise<OkResponse> => {
    const id = idParam(request.params, WebhookMessages.notFound);
    const owner = ownerId(request);
    await db.transaction().execute(async (trx) => {
      const before = await findEndpoint(trx, owner, id);
      if (!before || !(await deleteEndpoint(trx, owner, id))) throw new HttpError(404, WebhookMessages.notFound);
      await recordActivity(trx, request, { entity: 'webhook', entityId: id, label: before.url, action: 'deleted', before: logged(before), after: null });
    });
    changed(owner);
    return { ok: true };
  });
}

/** An endpoint secret, a test delivery and its deliveries. */
function endpointToolRoutes(app: RouteApp, { db, config, clock }: Helpers) {
  app.get('/webhooks/:id/secret', routeSpecs.revealSecret, async (request): Promise<WebhookSecretResponse> => {
    const id = idParam(request.params, WebhookMessages.notFound);
    const endpoint = await findEndpoint(db, ownerId(request), id);
    if (!endpoint) throw new HttpError(404, WebhookMessages.notFound);
    return { secret: endpoint.secret };
  });

  app.post('/webhooks/:id/test', routeSpecs.testEndpoint, async (request, reply): Promise<WebhookDeliveryResponse> => {
    const id = idParam(request.params, WebhookMessages.notFound);
    const owner = ownerId(request);
    const endpoint = await findEndpoint(db, owner, id);
    if (!endpoint) throw new HttpError(404, WebhookMessages.notFound);
    const now = clock.now();
    const event = eventBody('test', { message: WebhookMessages.testMessage, endpoint_id: id }, now);
    const [row] = await insertOutboxRows(db, [
      { owner_id: owner, channel: 'webhook', endpoint_id: id, event_id: event.id, event_type: 'test', body: JSON.stringify(event), next_attempt_at: now, created_at: now },
    ]);
    reply.code(202);
    return { delivery: deliveryView(row, config.maxAttempts) };
  });

  app.get('/webhooks/:id/deliveries', routeSpecs.listDeliveries, async (request): Promise<WebhookDeliveriesResponse> => {
    const id = idParam(request.params, WebhookMessages.notFound);
    const owner = ownerId(request);
    if (!(await findEndpoint(db, owner, id))) throw new HttpError(404, WebhookMessages.notFound);
    return { deliveries: await listDeliveries(db, owner, id, config.maxAttempts) };
  });
}

export const webhooksRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const helpers = webhookHelpers(options);
  endpointRoutes(app, helpers);
  endpointToolRoutes(app, helpers);
};
