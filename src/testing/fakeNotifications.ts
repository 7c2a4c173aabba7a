/**
 * Notificaciones' side of the fake server (contract/notifications.ts): whether e-mail is configured,
 * the fleet's webhook endpoints (created with a secret shown once, edited, deleted, their secret
 * revealed), Probar queueing a test delivery, and each endpoint's delivery log. What the page sent is
 * in `sent`; a test may let a pending delivery be delivered (`deliverPending`), as the outbox would.
 */
import { http, HttpResponse } from 'msw';
import { SUBSCRIBABLE_EVENT_TYPES, webhookEventTypeLabels, type NotificationsStatus, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointRequest } from '../../contract/notifications';
import { API } from './apiEdge';
import { server } from './mswServer';

export const SECRET = 'whsec_k3Yx9A0bC1dE2fG3hI4jK5lM6nO7pQ8rS9tU0vW1xY2';

export function notificationsStatus(configured: boolean, maxEndpoints = 10): NotificationsStatus {
  return {
    email: { configured, from: configured ? 'Flota <alertas@flota.cl>' : null },
    webhooks: { max_endpoints: maxEndpoints, max_attempts: 8, timeout_seconds: 10, private_addresses_allowed: false },
    event_types: SUBSCRIBABLE_EVENT_TYPES.map((type) => ({ type, label: webhookEventTypeLabels[type] })),
  };
}

export function makeEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return { id: 1, url: 'https://central.ejemplo.cl/flota', description: null, events: ['alert.sos'], enabled: true, secret_hint: SECRET.slice(-4), created_at: '2026-11-27T12:00:00.000Z', counts: { pending: 0, delivered: 0, failed: 0 }, last_delivery: null, ...overrides };
}

export function makeDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 5,
    event_id: 'evt_0123456789abcdef0123456789abcdef',
    event_type: 'test',
    status: 'delivered',
    attempts: 1,
    max_attempts: 8,
    last_status_code: 200,
    last_error: null,
    created_at: '2026-11-27T12:01:00.000Z',
    last_attempt_at: '2026-11-27T12:01:00.000Z',
    next_attempt_at: null,
    delivered_at: '2026-11-27T12:01:01.000Z',
    ...overrides,
  };
}

export interface FakeNotificationsOptions {
  email?: boolean;
  maxEndpoints?: number;
  endpoints?: WebhookEndpoint[];
  deliveries?: WebhookDelivery[];
  /** Answers POST /webhooks instead of the fake (a refusal). */
  answerCreate?: () => Response;
}

export function serveNotifications({ email = false, maxEndpoints = 10, endpoints: initial = [], deliveries: initialDeliveries = [], answerCreate }: FakeNotificationsOptions = {}) {
  let endpoints = [...initial];
  const deliveries = [...initialDeliveries];
  const sent: { method: string; path: string; body?: unknown }[] = [];
  const endpointOf = (id: unknown) => endpoints.find((endpoint) => endpoint.id === Number(id));
  const replace = (next: WebhookEndpoint) => (endpoints = endpoints.map((endpoint) => (endpoint.id === next.id ? next : endpoint)));
  server.use(
    http.get(`${API}/notifications/status`, () => HttpResponse.json(notificationsStatus(email, maxEndpoints))),
    http.get(`${API}/webhooks`, () => HttpResponse.json({ endpoints })),
    http.post(`${API}/webhooks`, async ({ request }) => {
      const body = (await request.json()) as WebhookEndpointRequest;
      sent.push({ method: 'POST', path: '/webhooks', body });
      if (answerCreate) return answerCreate();
      const endpoint = makeEndpoint({ id: endpoints.length + 1, url: body.url, description: body.description ?? null, events: body.events, enabled: body.enabled ?? true });
      endpoints = [...endpoints, endpoint];
      return HttpResponse.json({ endpoint, secret: SECRET }, { status: 201 });
    }),
    http.put(`${API}/webhooks/:id`, async ({ request, params }) => {
      const body = (await request.json()) as WebhookEndpointRequest;
      sent.push({ method: 'PUT', path: `/webhooks/${params.id}`, body });
      const endpoint = { ...(endpointOf(params.id) as WebhookEndpoint), url: body.url, description: body.description ?? null, events: body.events, enabled: body.enabled ?? true };
      replace(endpoint);
      return HttpResponse.json({ endpoint });
    }),
    http.delete(`${API}/webhooks/:id`, ({ params }) => {
      sent.push({ method: 'DELETE', path: `/webhooks/${params.id}` });
      endpoints = endpoints.filter((endpoint) => endpoint.id !== Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
    http.get(`${API}/webhooks/:id/secret`, ({ params }) => {
      sent.push({ method: 'GET', path: `/webhooks/${params.id}/secret` });
      return HttpResponse.json({ secret: SECRET });
    }),
    http.post(`${API}/webhooks/:id/test`, ({ params }) => {
      sent.push({ method: 'POST', path: `/webhooks/${params.id}/test` });
      const delivery = makeDelivery({ id: 100 + deliveries.length, status: 'pending', attempts: 0, last_status_code: null, last_attempt_at: null, delivered_at: null, next_attempt_at: '2026-11-27T12:01:00.000Z' });
      deliveries.unshift(delivery);
      const endpoint = endpointOf(params.id) as WebhookEndpoint;
      replace({ ...endpoint, counts: { ...endpoint.counts, pending: endpoint.counts.pending + 1 } });
      return HttpResponse.json({ delivery }, { status: 202 });
    }),
    http.get(`${API}/webhooks/:id/deliveries`, () => HttpResponse.json({ deliveries })),
  );
  return {
    sent,
    /** The outbox delivers what waits, as a receiver answering 200 would see it. */
    deliverPending() {
      deliveries.forEach((delivery, index) => {
        if (delivery.status === 'pending') deliveries[index] = makeDelivery({ ...delivery, status: 'delivered', attempts: 1, last_status_code: 200 });
      });
      endpoints = endpoints.map((endpoint) => ({
        ...endpoint,
        counts: { pending: 0, delivered: endpoint.counts.delivered + endpoint.counts.pending, failed: endpoint.counts.failed },
        last_delivery: endpoint.counts.pending ? { status: 'delivered', at: '2026-11-27T12:01:01.000Z', status_code: 200, error: null } : endpoint.last_delivery,
      }));
    },
  };
}
