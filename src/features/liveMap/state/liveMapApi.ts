import type { Availability, AvailabilityListResponse, ShiftLocationsResponse, ShiftsResponse } from '../../../../contract/api';
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
    /** Each active shift's availability (Libre, Ocupado, Fuera de servicio) by shift id; availability_changed keeps it fresh. */
    getAvailability: build.query<Record<number, Availability>, void>({
      query: () => '/dispatch/availability',
      transformResponse: (response: AvailabilityListResponse) => Object.fromEntries(response.availability.map((entry) => [entry.shift_id, entry.availability])),
    }),
    /** The path a shift has driven so far, oldest point first. */
    getShiftTrail: build.query<ShiftLocationsResponse, number>({
      query: (shiftId) => `/shifts/${shiftId}/locations`,
    }),
  }),
});

export const { useGetActiveShiftsQuery, useGetShiftTrailQuery, useGetAvailabilityQuery } = liveMapApi;
