import type { LoginRequest, LoginResponse, MeResponse } from '../../../contract/api';
import { api } from '../../app/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    /** Confirms a restored session with the server before the dashboard shows it. */
    getMe: build.query<MeResponse, void>({
      query: () => '/auth/me',
    }),
  }),
});

export const { useLoginMutation, useGetMeQuery } = authApi;
