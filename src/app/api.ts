/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in <feature>Api.ts.
 * Tags: a list provides {type, id} per item plus {type, id: 'LIST'}; create invalidates LIST,
 * update the item, delete both.
 */
import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** Any 401 answer: the stored session is no longer valid. */
export const sessionExpired = createAction('auth/sessionExpired');

/** The part of the state the base query reads (typed structurally to keep app/ free of feature imports). */
interface BaseQueryState {
  auth: { token: string | null };
  config: { apiBaseUrl: string };
}

const rawBaseQuery = fetchBaseQuery({
  prepareHeaders(headers, { getState }) {
    const { token } = (getState() as BaseQueryState).auth;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', 'application/json');
    return headers;
  },
});

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Endpoints that run without a session (a 401 there is a wrong password, not an expired session). */
const PUBLIC_ENDPOINTS = new Set(['login']);

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const { auth, config } = queryApi.getState() as BaseQueryState;
  const isPublic = PUBLIC_ENDPOINTS.has(queryApi.endpoint);
  // Without a session there is nothing to ask: answer as the server would, without a request.
  if (!isPublic && !auth.token) return { error: { status: 401, data: { error: 'Sesión expirada. Ingresa nuevamente.' } } };
  const request = typeof args === 'string' ? { url: args } : args;
  const result = await rawBaseQuery({ ...request, url: joinUrl(config.apiBaseUrl, request.url) }, queryApi, extraOptions);
  if (result.error?.status === 401 && !isPublic) queryApi.dispatch(sessionExpired());
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Driver', 'Vehicle', 'ActiveShift', 'ShiftHistory', 'DeskUser', 'Activity', 'Webhook', 'WebhookDeliveries'],
  endpoints: () => ({}),
});

export const LIST = 'LIST' as const;
