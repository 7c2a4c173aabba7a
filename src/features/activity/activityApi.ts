import type { ActivityQuery, ActivityResponse } from '../../../contract/api';
import { api } from '../../app/api';

/** The fleet's activity log (read only: nothing can change it). */
export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.query<ActivityResponse, ActivityQuery>({
      query: (params) => ({ url: '/activity', params: Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')) }),
      providesTags: ['Activity'],
    }),
  }),
});

export const { useGetActivityQuery, useLazyGetActivityQuery } = activityApi;
