import type { DriversResponse, ShiftLocationsResponse, VehiclesResponse } from '../../../contract/api';
import type { LocationPoint, Shift } from '../../../contract/entities';
import { api, LIST } from '../../app/api';
import { cleanFilters, type HistoryFilters } from './historyFilters';

/** Rows asked per page ("Cargar más" asks for the next as many). */
export const HISTORY_PAGE_SIZE = 100;

/**
 * One page of GET /shifts/history?limit=&offset=: `count` rows in it, `total` rows the filters select,
 * `next_offset` null on the last page. (Typed here until the contract describes the paged answer; a
 * server without paging sends neither `next_offset` nor, maybe, `total`: then one page is all.)
 */
export interface HistoryPageResponse {
  shifts: Shift[];
  count: number;
  total?: number;
  /** False when more shifts match than `total` (the server stops counting 1,000 past the page). */
  total_exact?: boolean;
  next_offset?: number | null;
}

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The history a page at a time, newest first; the next page's offset comes from the server. */
    getShiftHistory: build.infiniteQuery<HistoryPageResponse, HistoryFilters, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage) => lastPage.next_offset ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/shifts/history', params: { ...cleanFilters(queryArg), limit: HISTORY_PAGE_SIZE, offset: pageParam } }),
      providesTags: (result) => [
        ...(result?.pages ?? []).flatMap((page) => page.shifts.map((shift) => ({ type: 'ShiftHistory' as const, id: shift.id }))),
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
    /** The vehicles of the Vehículo filter. */
    getHistoryVehicles: build.query<VehiclesResponse, void>({
      query: () => '/vehicles',
      providesTags: (result) => [
        ...(result?.vehicles ?? []).map((vehicle) => ({ type: 'Vehicle' as const, id: vehicle.id })),
        { type: 'Vehicle', id: LIST },
      ],
    }),
    /** A shift's recorded positions, oldest first. */
    getShiftRoute: build.query<LocationPoint[], number>({
      query: (shiftId) => `/shifts/${shiftId}/locations`,
      transformResponse: (response: ShiftLocationsResponse) => response.locations,
    }),
  }),
});

export const { useGetShiftHistoryInfiniteQuery, useGetHistoryDriversQuery, useGetHistoryVehiclesQuery, useGetShiftRouteQuery } = historyApi;

/** Every loaded page's rows in order, each shift once (a shift that started between two pages moves the offsets by one). */
export function loadedShifts(pages: readonly HistoryPageResponse[] | undefined): Shift[] {
  const seen = new Set<number>();
  const shifts: Shift[] = [];
  for (const page of pages ?? []) {
    for (const shift of page.shifts) {
      if (seen.has(shift.id)) continue;
      seen.add(shift.id);
      shifts.push(shift);
    }
  }
  return shifts;
}
