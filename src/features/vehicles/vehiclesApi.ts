import type { ShiftsResponse, VehicleCreateInput, VehicleResponse, VehiclesResponse, VehicleUpdateInput } from '../../../contract/api';
import type { Vehicle } from '../../../contract/entities';
import { api, LIST } from '../../app/api';

/** Vehicles' endpoints. Every vehicle change also invalidates the driver lists: driver cards show plates. */
export const vehiclesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVehicles: build.query<VehiclesResponse, void>({
      query: () => '/vehicles',
      providesTags: (result) => [...(result?.vehicles ?? []).map(({ id }) => ({ type: 'Vehicle' as const, id })), { type: 'Vehicle', id: LIST }],
    }),
    /** Which vehicles are on shift now, for the "En turno" marker (the vehicle ids of the active shifts). */
    getVehiclesOnShift: build.query<number[], void>({
      query: () => '/shifts/active',
      transformResponse: (response: ShiftsResponse) => response.shifts.flatMap((shift) => (shift.vehicle_id === null ? [] : [shift.vehicle_id])),
      providesTags: [{ type: 'ActiveShift', id: LIST }],
    }),
    createVehicle: build.mutation<Vehicle, VehicleCreateInput>({
      query: (body) => ({ url: '/vehicles', method: 'POST', body }),
      transformResponse: (response: VehicleResponse) => response.vehicle,
      invalidatesTags: [
        { type: 'Vehicle', id: LIST },
        { type: 'Driver', id: LIST },
      ],
    }),
    updateVehicle: build.mutation<Vehicle, { id: number; changes: VehicleUpdateInput }>({
      query: ({ id, changes }) => ({ url: `/vehicles/${id}`, method: 'PUT', body: changes }),
      transformResponse: (response: VehicleResponse) => response.vehicle,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Vehicle', id },
        { type: 'Driver', id: LIST },
      ],
    }),
    deleteVehicle: build.mutation<void, number>({
      query: (id) => ({ url: `/vehicles/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Vehicle', id },
        { type: 'Vehicle', id: LIST },
        { type: 'Driver', id: LIST },
      ],
    }),
  }),
});

export const { useGetVehiclesQuery, useGetVehiclesOnShiftQuery, useCreateVehicleMutation, useUpdateVehicleMutation, useDeleteVehicleMutation } = vehiclesApi;
