import type {
  NotificationsStatus,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookDeliveryResponse,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointRequest,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookSecretResponse,
} from '../../../contract/notifications';
import { api, LIST } from '../../app/api';

/** Notificaciones (Dueño and Administrador): the fleet's webhook endpoints, their deliveries, and whether e-mail is configured. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationsStatus: build.query<NotificationsStatus, void>({ query: () => '/notifications/status' }),
    getWebhooks: build.query<WebhookEndpoint[], void>({
      query: () => '/webhooks',
      transformResponse: (response: WebhookEndpointsResponse) => response.endpoints,
      providesTags: (result) => [...(result ?? []).map(({ id }) => ({ type: 'Webhook' as const, id })), { type: 'Webhook', id: LIST }],
    }),
    createWebhook: build.mutation<WebhookEndpointCreated, WebhookEndpointRequest>({
      query: (body) => ({ url: '/webhooks', method: 'POST', body }),
      invalidatesTags: [{ type: 'Webhook', id: LIST }, 'Activity'],
    }),
    updateWebhook: build.mutation<WebhookEndpoint, { id: number; changes: WebhookEndpointRequest }>({
      query: ({ id, changes }) => ({ url: `/webhooks/${id}`, method: 'PUT', body: changes }),
      transformResponse: (response: WebhookEndpointResponse) => response.endpoint,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Webhook', id }, 'Activity'],
    }),
    deleteWebhook: build.mutation<void, number>({
      query: (id) => ({ url: `/webhooks/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Webhook', id }, { type: 'Webhook', id: LIST }, 'Activity'],
    }),
    revealWebhookSecret: build.mutation<string, number>({
      query: (id) => ({ url: `/webhooks/${id}/secret` }),
      transformResponse: (response: WebhookSecretResponse) => response.secret,
    }),
    testWebhook: build.mutation<WebhookDelivery, number>({
      query: (id) => ({ url: `/webhooks/${id}/test`, method: 'POST', body: {} }),
      transformResponse: (response: WebhookDeliveryResponse) => response.delivery,
      invalidatesTags: (_result, _error, id) => [{ type: 'Webhook', id }, { type: 'WebhookDeliveries', id }],
    }),
    getWebhookDeliveries: build.query<WebhookDelivery[], number>({
      query: (id) => `/webhooks/${id}/deliveries`,
      transformResponse: (response: WebhookDeliveriesResponse) => response.deliveries,
      providesTags: (_result, _error, id) => [{ type: 'WebhookDeliveries', id }],
    }),
  }),
});

export const {
  useGetNotificationsStatusQuery,
  useGetWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRevealWebhookSecretMutation,
  useTestWebhookMutation,
  useGetWebhookDeliveriesQuery,
} = notificationsApi;

/** What PUT /webhooks/:id needs to keep an endpoint as it is, plus the change. */
export function unchangedEndpoint(endpoint: WebhookEndpoint): WebhookEndpointRequest {
  return { url: endpoint.url, description: endpoint.description, events: endpoint.events, enabled: endpoint.enabled };
}
