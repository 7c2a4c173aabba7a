import type { ShiftLocationsResponse, ShiftsResponse } from '../../../../contract/api';
import { api, LIST } from '../../../app/api';

export const liveMapApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The snapshot the live map starts from (and refetches after a reconnect). */
    getActiveShifts: build.query<ShiftsResponse, void>({
      query: () => '/shifts/active',
      providesTags: (result) => [
        ...(result?.shifts.map((shift) => ({ type: 'ActiveShift' as const, id: shift.id })) ?? []),
        { type: 'ActiveShift', id: LIST },
      ],
    }),
    /** The path a shift has driven so far, oldest point first. */
    getShiftTrail: build.query<ShiftLocationsResponse, number>({
      query: (shiftId) => `/shifts/${shiftId}/locations`,
    }),
  }),
});

export const { useGetActiveShiftsQuery, useGetShiftTrailQuery } = liveMapApi;
