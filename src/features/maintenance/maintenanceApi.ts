import type {
  MaintenanceCosts,
  MaintenanceOverview,
  MaintenancePlan,
  MaintenancePlanRequest,
  MaintenanceRecord,
  MaintenanceRecordRequest,
  Odometer,
  OdometerRequest,
  VehicleMaintenance,
} from '../../../contract/maintenance';
import { api } from '../../app/api';

/**
 * Mantención: the fleet's overview (the list and the vehicle cards' badge), one taxi's odometer,
 * plans and services, and the costs per taxi and month (Reportes). Every change asks for all again:
 * a service or a reading moves every plan of the taxi.
 */
export const maintenanceApi = api.enhanceEndpoints({ addTagTypes: ['Maintenance'] }).injectEndpoints({
  endpoints: (build) => ({
    getMaintenanceOverview: build.query<MaintenanceOverview, void>({ providesTags: ['Maintenance'], query: () => '/maintenance' }),
    getVehicleMaintenance: build.query<VehicleMaintenance, number>({ providesTags: ['Maintenance'], query: (id) => `/maintenance/vehicles/${id}` }),
    saveOdometer: build.mutation<{ odometer: Odometer }, { vehicleId: number; body: OdometerRequest }>({
      invalidatesTags: ['Maintenance'],
      query: ({ vehicleId, body }) => ({ url: `/maintenance/vehicles/${vehicleId}/odometer`, method: 'PUT', body }),
    }),
    createPlan: build.mutation<{ plan: MaintenancePlan }, { vehicleId: number; body: MaintenancePlanRequest }>({
      invalidatesTags: ['Maintenance'],
      query: ({ vehicleId, body }) => ({ url: `/maintenance/vehicles/${vehicleId}/plans`, method: 'POST', body }),
    }),
    deletePlan: build.mutation<unknown, number>({ invalidatesTags: ['Maintenance'], query: (id) => ({ url: `/maintenance/plans/${id}`, method: 'DELETE' }) }),
    createRecord: build.mutation<{ record: MaintenanceRecord }, { vehicleId: number; body: MaintenanceRecordRequest }>({
      invalidatesTags: ['Maintenance'],
      query: ({ vehicleId, body }) => ({ url: `/maintenance/vehicles/${vehicleId}/records`, method: 'POST', body }),
    }),
    deleteRecord: build.mutation<unknown, number>({ invalidatesTags: ['Maintenance'], query: (id) => ({ url: `/maintenance/records/${id}`, method: 'DELETE' }) }),
    getMaintenanceCosts: build.query<MaintenanceCosts, { from: string; to: string }>({ providesTags: ['Maintenance'], query: (params) => ({ url: '/maintenance/costs', params }) }),
  }),
});

export const {
  useGetMaintenanceOverviewQuery,
  useGetVehicleMaintenanceQuery,
  useSaveOdometerMutation,
  useCreatePlanMutation,
  useDeletePlanMutation,
  useCreateRecordMutation,
  useDeleteRecordMutation,
  useGetMaintenanceCostsQuery,
} = maintenanceApi;

/** The Spanish text of a refused request (the server's), or a general one. */
export function errorText(error: unknown): string {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : 'No se pudo guardar. Intenta nuevamente.';
}
