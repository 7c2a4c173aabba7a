/** A booking's tracking link (contract/tracking.ts): read as the detail opens, revoked by the desk. */
import type { BlockedPhone, BlockedPhoneResponse, BlockedPhonesResponse, BlockPhoneInput, StoredTrackingSettings, TrackingLink, TrackingLinkResponse, TrackingSettings, TrackingSettingsResponse } from '../../../contract/api';
import { api } from '../../app/api';

export const trackingLinkApi = api.enhanceEndpoints({ addTagTypes: ['TrackingLink'] }).injectEndpoints({
  endpoints: (build) => ({
    // The status is part of the argument: a booking that just got its taxi asks again (its link was just made).
    getTrackingLink: build.query<TrackingLink | null, { id: number; status: string }>({
      query: ({ id }) => `/tracking/bookings/${id}`,
      transformResponse: (response: TrackingLinkResponse) => response.link,
      providesTags: (_result, _error, { id }) => [{ type: 'TrackingLink', id }],
    }),
    revokeTrackingLink: build.mutation<TrackingLink | null, number>({
      query: (id) => ({ url: `/tracking/bookings/${id}/revoke`, method: 'POST', body: {} }),
      transformResponse: (response: TrackingLinkResponse) => response.link,
      invalidatesTags: (_result, _error, id) => [{ type: 'TrackingLink', id }],
    }),
    getTrackingSettings: build.query<TrackingSettings, void>({
      query: () => '/tracking/settings',
      transformResponse: (response: TrackingSettingsResponse) => response.settings,
      providesTags: [{ type: 'TrackingLink', id: 'SETTINGS' }],
    }),
    saveTrackingSettings: build.mutation<TrackingSettings, StoredTrackingSettings>({
      query: (body) => ({ url: '/tracking/settings', method: 'PUT', body }),
      transformResponse: (response: TrackingSettingsResponse) => response.settings,
      invalidatesTags: [{ type: 'TrackingLink', id: 'SETTINGS' }],
    }),
    // "Pedir un taxi": the numbers the fleet's request page refuses.
    getBlockedPhones: build.query<BlockedPhone[], void>({
      query: () => '/tracking/blocked-phones',
      transformResponse: (response: BlockedPhonesResponse) => response.phones,
      providesTags: [{ type: 'TrackingLink', id: 'BLOCKED' }],
    }),
    blockPhone: build.mutation<BlockedPhone, BlockPhoneInput>({
      query: (body) => ({ url: '/tracking/blocked-phones', method: 'POST', body }),
      transformResponse: (response: BlockedPhoneResponse) => response.phone,
      invalidatesTags: [{ type: 'TrackingLink', id: 'BLOCKED' }],
    }),
    unblockPhone: build.mutation<void, number>({
      query: (id) => ({ url: `/tracking/blocked-phones/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'TrackingLink', id: 'BLOCKED' }],
    }),
  }),
});

export const {
  useGetTrackingLinkQuery,
  useRevokeTrackingLinkMutation,
  useGetTrackingSettingsQuery,
  useSaveTrackingSettingsMutation,
  useGetBlockedPhonesQuery,
  useBlockPhoneMutation,
  useUnblockPhoneMutation,
} = trackingLinkApi;
