/** The replay's and "where was everyone"'s requests: a shift's whole trail, its summary, the fleet at a time. */
import type { ShiftSummaryResponse } from '../../../../contract/reports';
import type { PositionsAtResponse, ShiftReplay } from '../../../../contract/replay';
import { api } from '../../../app/api';

export const replayApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShiftReplay: build.query<ShiftReplay, number>({ query: (shiftId) => `/shifts/${shiftId}/replay` }),
    getShiftSummary: build.query<ShiftSummaryResponse, number>({ query: (shiftId) => `/shifts/${shiftId}/summary` }),
    getPositionsAt: build.query<PositionsAtResponse, { time: string; windowMinutes: number }>({
      query: ({ time, windowMinutes }) => ({ url: '/positions/at', params: { time, window_minutes: windowMinutes } }),
    }),
  }),
});

export const { useGetShiftReplayQuery, useGetShiftSummaryQuery, useLazyGetPositionsAtQuery } = replayApi;
