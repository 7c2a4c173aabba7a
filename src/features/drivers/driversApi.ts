import type { DeviceIdResponse, DriverCreateInput, DriverResponse, DriversResponse, DriverUpdateInput, ShiftsResponse, VehiclesResponse } from '../../../contract/api';
import type { Driver, Vehicle } from '../../../contract/entities';
import { api, LIST } from '../../app/api';

/**
 * Drivers' endpoints. A driver change also invalidates the vehicle lists: a vehicle card shows its
 * driver's name, and assigning a vehicle moves it from its previous driver.
 */
export const driversApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDrivers: build.query<DriversResponse, void>({
      query: () => '/drivers',
      providesTags: (result) => [...(result?.drivers ?? []).map(({ id }) => ({ type: 'Driver' as const, id })), { type: 'Driver', id: LIST }],
    }),
    /** The owner's vehicles for the form's "Vehículo asignado" select (a feature does not import vehicles/). */
    getVehicleOptions: build.query<Vehicle[], void>({
      query: () => '/vehicles',
      transformResponse: (response: VehiclesResponse) => response.vehicles,
      providesTags: (result) => [...(result ?? []).map(({ id }) => ({ type: 'Vehicle' as const, id })), { type: 'Vehicle', id: LIST }],
    }),
    /** Who is on shift now, for the "En turno" marker (the driver ids of the active shifts). */
    getDriversOnShift: build.query<number[], void>({
      query: () => '/shifts/active',
      transformResponse: (response: ShiftsResponse) => response.shifts.flatMap((shift) => (shift.driver_id === null ? [] : [shift.driver_id])),
      providesTags: [{ type: 'ActiveShift', id: LIST }],
    }),
    createDriver: build.mutation<Driver, DriverCreateInput>({
      query: (body) => ({ url: '/drivers', method: 'POST', body }),
      transformResponse: (response: DriverResponse) => response.driver,
      invalidatesTags: [
        { type: 'Driver', id: LIST },
        { type: 'Vehicle', id: LIST },
      ],
    }),
    updateDriver: build.mutation<Driver, { id: number; changes: DriverUpdateInput }>({
      query: ({ id, changes }) => ({ url: `/drivers/${id}`, method: 'PUT', body: changes }),
      transformResponse: (response: DriverResponse) => response.driver,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Driver', id },
        { type: 'Vehicle', id: LIST },
      ],
    }),
    /**
     * A driver's device identifier (Dueño and Administrador only): /osmand's credential, so the list
     * never carries it; read when the phone section opens and not kept once it closes.
     */
    getDeviceId: build.query<string, number>({
      query: (id) => `/drivers/${id}/device-id`,
      transformResponse: (response: DeviceIdResponse) => response.device_id,
      keepUnusedDataFor: 0,
    }),
    /** A new device identifier: the phone configured with the old one stops at once. */
    regenerateDeviceId: build.mutation<string, number>({
      query: (id) => ({ url: `/drivers/${id}/device-id`, method: 'POST' }),
      transformResponse: (response: DeviceIdResponse) => response.device_id,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(driversApi.util.upsertQueryData('getDeviceId', id, data));
      },
    }),
    deleteDriver: build.mutation<void, number>({
      query: (id) => ({ url: `/drivers/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Driver', id },
        { type: 'Driver', id: LIST },
        { type: 'Vehicle', id: LIST },
      ],
    }),
  }),
});

export const {
  useGetDriversQuery,
  useGetVehicleOptionsQuery,
  useGetDriversOnShiftQuery,
  useCreateDriverMutation,
  useUpdateDriverMutation,
  useDeleteDriverMutation,
  useRegenerateDeviceIdMutation,
  useGetDeviceIdQuery,
} = driversApi;
