import type { BookingsResponse, DriversResponse, ShiftsResponse, VehiclesResponse } from '../../../contract/api';
import type { Booking } from '../../../contract/dispatch';
import type { Driver, Shift } from '../../../contract/entities';
import { api, LIST } from '../../app/api';

export interface FleetCounts {
  activeShifts: number;
  drivers: number;
  vehicles: number;
}

export const dashboardApi = api.enhanceEndpoints({ addTagTypes: ['Booking'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * The three counts of Panel de Control. It provides the lists' tags, so creating or deleting a
     * driver, vehicle or shift elsewhere refreshes it.
     */
    getFleetCounts: build.query<FleetCounts, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const [shifts, drivers, vehicles] = await Promise.all([baseQuery('/shifts/active'), baseQuery('/drivers'), baseQuery('/vehicles')]);
        const failed = shifts.error ?? drivers.error ?? vehicles.error;
        if (failed) return { error: failed };
        return {
          data: {
            activeShifts: (shifts.data as ShiftsResponse).count,
            drivers: (drivers.data as DriversResponse).count,
            vehicles: (vehicles.data as VehiclesResponse).count,
          },
        };
      },
      providesTags: [
        { type: 'ActiveShift', id: LIST },
        { type: 'Driver', id: LIST },
        { type: 'Vehicle', id: LIST },
      ],
    }),
    /** The active shifts the attention list checks for silence and a missing vehicle (polled while shown). */
    getAttentionShifts: build.query<Shift[], void>({
      query: () => '/shifts/active',
      transformResponse: (response: ShiftsResponse) => response.shifts,
      providesTags: [{ type: 'ActiveShift', id: LIST }],
    }),
    /** The drivers the attention list checks for licences, and whose phone it offers. */
    getAttentionDrivers: build.query<Driver[], void>({
      query: () => '/drivers',
      transformResponse: (response: DriversResponse) => response.drivers,
      providesTags: (result) => [...(result ?? []).map(({ id }) => ({ type: 'Driver' as const, id })), { type: 'Driver', id: LIST }],
    }),
    /**
     * Despacho's board, for the bookings nobody took (attention.ts picks them: the rule lives there once).
     * Live: the app holds Despacho's socket channel while the dashboard shows, and the channel
     * invalidates 'ATTENTION' when a booking may enter or leave the list.
     */
    getAttentionBookings: build.query<Booking[], void>({
      query: () => '/dispatch/bookings',
      transformResponse: (response: BookingsResponse) => response.bookings,
      providesTags: [
        { type: 'Booking', id: LIST },
        { type: 'Booking', id: 'ATTENTION' },
      ],
    }),
  }),
});

export const { useGetFleetCountsQuery, useGetAttentionShiftsQuery, useGetAttentionDriversQuery, useGetAttentionBookingsQuery } = dashboardApi;
