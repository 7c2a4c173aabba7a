import type { DriversResponse, ShiftLocationsResponse, ShiftsResponse } from '../../../contract/api';
import type { LocationPoint } from '../../../contract/entities';
import { api, LIST } from '../../app/api';
import { cleanFilters, type HistoryFilters } from './historyFilters';

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /shifts/history with only the filled filters as query parameters (empty ones are omitted). */
    getShiftHistory: build.query<ShiftsResponse, HistoryFilters>({
      query: (filters) => ({ url: '/shifts/history', params: cleanFilters(filters) }),
      providesTags: (result) => [
        ...(result?.shifts ?? []).map((shift) => ({ type: 'ShiftHistory' as const, id: shift.id })),
        { type: 'ShiftHistory', id: LIST },
      ],
    }),
    /** The drivers of the Conductor filter (defined here: a feature does not import another one). */
    getHistoryDrivers: build.query<DriversResponse, void>({
      query: () => '/drivers',
      providesTags: (result) => [
        ...(result?.drivers ?? []).map((driver) => ({ type: 'Driver' as const, id: driver.id })),
        { type: 'Driver', id: LIST },
      ],
    }),
    /** A shift's recorded positions, oldest first. */
    getShiftRoute: build.query<LocationPoint[], number>({
      query: (shiftId) => `/shifts/${shiftId}/locations`,
      transformResponse: (response: ShiftLocationsResponse) => response.locations,
    }),
  }),
});

export const { useGetShiftHistoryQuery, useGetHistoryDriversQuery, useGetShiftRouteQuery } = historyApi;
