/**
 * The phone of a taxi's driver for the popup's "Llamar": the active-shift payload carries no phone,
 * so it comes from the fleet's drivers list (fetched once, refreshed with the Driver tags).
 */
import type { DriversResponse } from '../../../../contract/api';
import { api, LIST } from '../../../app/api';

const driverPhonesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDriverPhones: build.query<Record<number, string | null>, void>({
      query: () => '/drivers',
      transformResponse: (response: DriversResponse) => Object.fromEntries(response.drivers.map((driver) => [driver.id, driver.phone])),
      providesTags: [{ type: 'Driver', id: LIST }],
    }),
  }),
});

export function useDriverPhone(driverId: number | null): string | null {
  const { data } = driverPhonesApi.useGetDriverPhonesQuery();
  return driverId === null ? null : (data?.[driverId] ?? null);
}
