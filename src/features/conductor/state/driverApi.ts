/**
 * The driver API as /conductor calls it: endpoints of the app's one api (src/app/api.ts) with the
 * driver's token (`extraOptions: { role: 'driver' }`), so a 401 ends the driver's session, never
 * the desk's. Every entry is keyed by the driver's id: another driver signing in on the same phone
 * never sees the previous one's answers. Each dispatch action answers the driver's whole dispatch
 * state, which becomes the cached one; the socket's events patch the same entries
 * (../realtime/conductorChannel.ts).
 */
import type { DriverSosResponse, SosFixRequest, SosRequest } from '../../../../contract/alerts';
import type { MyAccountResponse } from '../../../../contract/accounts';
import type { AvailabilityRequest, DriverDispatchResponse, DriverLoginRequest, DriverLoginResponse, DriverMeResponse, LocationBatch, ShiftResponse } from '../../../../contract/api';
import type { DriverDocumentsResponse } from '../../../../contract/documents';
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../../app/api';

const driver = { role: 'driver' } as const;

/** The driver's dispatch state with when this phone received it (epoch ms): the offer's seconds are counted from it. */
export interface DriverDispatchData extends DriverDispatchResponse {
  received_at: number;
}
export const stamped = (response: DriverDispatchResponse, receivedAt = Date.now()): DriverDispatchData => ({ ...response, received_at: receivedAt });

/** The driver's steps of a trip, as the routes name them. */
export type TripAction = 'arrived' | 'onboard' | 'finish' | 'no-show';

/** A refused dispatch action; a 429 (DRIVER_ACTIONS_PER_MINUTE) keeps the seconds its Retry-After asks to wait. */
export type DriverActionError = FetchBaseQueryError & { retryAfterS?: number };
function keepRetryAfter(error: FetchBaseQueryError, meta: unknown): DriverActionError {
  const seconds = Number((meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('retry-after'));
  return error.status === 429 && Number.isFinite(seconds) && seconds > 0 ? { ...error, retryAfterS: seconds } : error;
}

/** A dispatch action: its answer (the whole state) replaces the cached one at once. */
function intoDispatchState(driverId: number) {
  return async (_arg: unknown, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: DriverDispatchResponse }> }) => {
    try {
      const { data } = await queryFulfilled;
      dispatch(driverApi.util.upsertQueryData('getDriverDispatch', driverId, stamped(data)));
    } catch {
      // Refused or unreachable: the screen says so; the next reading brings the state.
    }
  };
}

export const driverApi = api.enhanceEndpoints({ addTagTypes: ['DriverDispatch', 'DriverSos'] }).injectEndpoints({
  endpoints: (build) => ({
    driverLogin: build.mutation<DriverLoginResponse, DriverLoginRequest>({
      query: (body) => ({ url: '/driver/login', method: 'POST', body }),
      extraOptions: driver,
    }),
    /** The driver's profile (the assigned vehicle) and the shift running, if any. */
    getDriverMe: build.query<DriverMeResponse, number>({
      query: () => '/driver/me',
      extraOptions: driver,
    }),
    startShift: build.mutation<ShiftResponse, { driverId: number }>({
      query: () => ({ url: '/driver/shifts/start', method: 'POST', body: {} }),
      extraOptions: driver,
      async onQueryStarted({ driverId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(driverApi.util.updateQueryData('getDriverMe', driverId, (me) => void (me.shift = data.shift)));
      },
    }),
    endShift: build.mutation<ShiftResponse, { driverId: number }>({
      query: () => ({ url: '/driver/shifts/end', method: 'POST', body: {} }),
      extraOptions: driver,
      async onQueryStarted({ driverId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(driverApi.util.updateQueryData('getDriverMe', driverId, (me) => void (me.shift = null)));
      },
    }),
    sendLocations: build.mutation<{ accepted: number }, LocationBatch['locations']>({
      query: (locations) => ({ url: '/driver/locations', method: 'POST', body: { locations } }),
      extraOptions: driver,
    }),
    /** Availability, the offer and the trip, as the server has them (contract/dispatch.ts). */
    getDriverDispatch: build.query<DriverDispatchData, number>({
      query: () => '/driver/dispatch',
      extraOptions: driver,
      transformResponse: (response: DriverDispatchResponse) => stamped(response),
      providesTags: ['DriverDispatch'],
    }),
    setAvailability: build.mutation<DriverDispatchResponse, { driverId: number; availability: AvailabilityRequest['availability'] }>({
      query: ({ availability }) => ({ url: '/driver/availability', method: 'PUT', body: { availability } }),
      extraOptions: driver,
      transformErrorResponse: keepRetryAfter,
      onQueryStarted: ({ driverId }, lifecycle) => intoDispatchState(driverId)(undefined, lifecycle),
    }),
    acceptOffer: build.mutation<DriverDispatchResponse, { driverId: number; bookingId: number }>({
      query: ({ bookingId }) => ({ url: `/driver/offers/${bookingId}/accept`, method: 'POST' }),
      extraOptions: driver,
      transformErrorResponse: keepRetryAfter,
      onQueryStarted: ({ driverId }, lifecycle) => intoDispatchState(driverId)(undefined, lifecycle),
    }),
    declineOffer: build.mutation<DriverDispatchResponse, { driverId: number; bookingId: number }>({
      query: ({ bookingId }) => ({ url: `/driver/offers/${bookingId}/decline`, method: 'POST' }),
      extraOptions: driver,
      transformErrorResponse: keepRetryAfter,
      onQueryStarted: ({ driverId }, lifecycle) => intoDispatchState(driverId)(undefined, lifecycle),
    }),
    /** Finalizar may carry the taxímetro's amount (contract/fares.ts); without it the server estimates. */
    tripAction: build.mutation<DriverDispatchResponse, { driverId: number; bookingId: number; action: TripAction; farePesos?: number | null }>({
      query: ({ bookingId, action, farePesos = null }) => ({
        url: `/driver/trips/${bookingId}/${action}`,
        method: 'POST',
        body: action === 'finish' && farePesos !== null ? { fare_pesos: farePesos } : undefined,
      }),
      extraOptions: driver,
      transformErrorResponse: keepRetryAfter,
      onQueryStarted: ({ driverId }, lifecycle) => intoDispatchState(driverId)(undefined, lifecycle),
    }),
    /** "Mi cuenta": the balance and the last entries; account_changed replaces it with the server's own. */
    getMyAccount: build.query<MyAccountResponse, number>({
      query: () => '/driver/account',
      extraOptions: driver,
    }),
    /** "Mis documentos": read when the page opens and every few minutes. */
    getDriverDocuments: build.query<DriverDocumentsResponse, number>({
      query: () => '/driver/documents',
      extraOptions: driver,
    }),
    /** The driver's SOS (contract/alerts.ts): sent until received, then asked until acknowledged. */
    sendSos: build.mutation<DriverSosResponse, SosRequest>({
      query: (body) => ({ url: '/driver/sos', method: 'POST', body }),
      extraOptions: driver,
    }),
    /** The fresh fix that followed a press: the same alert's newer position. */
    sendSosFix: build.mutation<DriverSosResponse, SosFixRequest>({
      query: (body) => ({ url: '/driver/sos/position', method: 'PUT', body }),
      extraOptions: driver,
    }),
    getDriverSos: build.query<DriverSosResponse, number>({
      query: () => '/driver/sos',
      extraOptions: driver,
      providesTags: ['DriverSos'],
    }),
  }),
});

export const {
  useDriverLoginMutation,
  useGetDriverMeQuery,
  useStartShiftMutation,
  useEndShiftMutation,
  useGetDriverDispatchQuery,
  useSetAvailabilityMutation,
  useAcceptOfferMutation,
  useDeclineOfferMutation,
  useTripActionMutation,
  useGetMyAccountQuery,
  useGetDriverDocumentsQuery,
  useGetDriverSosQuery,
} = driverApi;
