/**
 * Alertas' endpoints (contract/alerts.ts): the inbox, its open count, Reconocer, and the zones. The
 * socket's alert_raised and alert_changed are written into the inbox's pages and the count
 * (alertsRealtime.ts), so every desk sees a new or acknowledged alert at once, with no request.
 */
import type { Alert, AlertRule, BulkAcknowledgeRequest, BulkAcknowledgeResponse, ZoneMute, ZoneMuteResponse, ZoneMutesResponse, AlertRuleRequest, AlertResponse, AlertsQuery, AlertsResponse, AlertSummary, Zone, ZoneCollection, ZoneRequest, ZonesResponse } from '../../../contract/alerts';
import { api, LIST } from '../../app/api';

export const alertsApi = api.enhanceEndpoints({ addTagTypes: ['Alert', 'Zone', 'AlertRule', 'ZoneMute'] }).injectEndpoints({
  endpoints: (build) => ({
    getAlerts: build.query<AlertsResponse, AlertsQuery>({
      query: (params) => ({ url: '/alerts', params }),
      providesTags: [{ type: 'Alert', id: LIST }],
    }),
    getAlertSummary: build.query<AlertSummary, void>({
      query: () => '/alerts/summary',
      providesTags: [{ type: 'Alert', id: 'SUMMARY' }],
    }),
    acknowledgeAlert: build.mutation<Alert, { id: number; note: string }>({
      query: ({ id, note }) => ({ url: `/alerts/${id}/acknowledge`, method: 'POST', body: { note } }),
      transformResponse: (response: AlertResponse) => response.alert,
      invalidatesTags: [
        { type: 'Alert', id: LIST },
        { type: 'Alert', id: 'SUMMARY' },
      ],
    }),
    // "Reconocer seleccionadas" and "Reconocer todas las de este tipo": one call, one note.
    acknowledgeAlerts: build.mutation<BulkAcknowledgeResponse, BulkAcknowledgeRequest>({
      query: (body) => ({ url: '/alerts/acknowledge', method: 'POST', body }),
      invalidatesTags: [
        { type: 'Alert', id: LIST },
        { type: 'Alert', id: 'SUMMARY' },
      ],
    }),
    // "Silenciar 1 hora": the zones muted now, and muting or ending a mute.
    getZoneMutes: build.query<ZoneMute[], void>({
      query: () => '/zones/mutes',
      transformResponse: (response: ZoneMutesResponse) => response.mutes,
      providesTags: [{ type: 'ZoneMute', id: LIST }],
    }),
    muteZone: build.mutation<ZoneMute, number>({
      query: (zoneId) => ({ url: `/zones/${zoneId}/mute`, method: 'POST' }),
      transformResponse: (response: ZoneMuteResponse) => response.mute,
      invalidatesTags: [{ type: 'ZoneMute', id: LIST }],
    }),
    unmuteZone: build.mutation<void, number>({
      query: (zoneId) => ({ url: `/zones/${zoneId}/mute`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'ZoneMute', id: LIST }],
    }),
    getZones: build.query<ZonesResponse, void>({
      query: () => '/zones',
      providesTags: [{ type: 'Zone', id: LIST }],
    }),
    createZone: build.mutation<Zone, ZoneRequest>({
      query: (body) => ({ url: '/zones', method: 'POST', body }),
      transformResponse: (response: { zone: Zone }) => response.zone,
      invalidatesTags: [{ type: 'Zone', id: LIST }],
    }),
    updateZone: build.mutation<Zone, { id: number; zone: ZoneRequest }>({
      query: ({ id, zone }) => ({ url: `/zones/${id}`, method: 'PUT', body: zone }),
      transformResponse: (response: { zone: Zone }) => response.zone,
      invalidatesTags: [{ type: 'Zone', id: LIST }],
    }),
    importZones: build.mutation<Zone[], ZoneCollection>({
      query: (body) => ({ url: '/zones/import', method: 'POST', body }),
      transformResponse: (response: { zones: Zone[] }) => response.zones,
      invalidatesTags: [{ type: 'Zone', id: LIST }],
    }),
    // Read when asked for, never kept: the file reflects the zones at that moment.
    exportZones: build.query<ZoneCollection, void>({
      query: () => '/zones/export',
      keepUnusedDataFor: 0,
      providesTags: [{ type: 'Zone', id: LIST }],
    }),
    getAlertRules: build.query<AlertRule[], void>({
      query: () => '/alert-rules',
      transformResponse: (response: { rules: AlertRule[] }) => response.rules,
      providesTags: [{ type: 'AlertRule', id: LIST }],
    }),
    saveAlertRule: build.mutation<AlertRule, { id: number | null; rule: AlertRuleRequest }>({
      query: ({ id, rule }) => (id === null ? { url: '/alert-rules', method: 'POST', body: rule } : { url: `/alert-rules/${id}`, method: 'PUT', body: rule }),
      transformResponse: (response: { rule: AlertRule }) => response.rule,
      invalidatesTags: [{ type: 'AlertRule', id: LIST }],
    }),
    deleteAlertRule: build.mutation<void, number>({
      query: (id) => ({ url: `/alert-rules/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'AlertRule', id: LIST }],
    }),
    deleteZone: build.mutation<void, number>({
      query: (id) => ({ url: `/zones/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Zone', id: LIST }],
    }),
  }),
});

export const { useGetAlertsQuery, useGetAlertSummaryQuery, useAcknowledgeAlertMutation, useAcknowledgeAlertsMutation, useGetZoneMutesQuery, useMuteZoneMutation, useUnmuteZoneMutation, useGetZonesQuery, useCreateZoneMutation, useUpdateZoneMutation, useDeleteZoneMutation, useImportZonesMutation, useLazyExportZonesQuery, useGetAlertRulesQuery, useSaveAlertRuleMutation, useDeleteAlertRuleMutation } = alertsApi;
