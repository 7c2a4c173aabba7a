/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in <feature>Api.ts.
 * Tags: a list provides {type, id} per item plus {type, id: 'LIST'}; create invalidates LIST,
 * update the item, delete both. Two people may use it: the desk (the default) and a driver on
 * /conductor, whose endpoints say `extraOptions: { role: 'driver' }`: they carry the driver's token,
 * and a 401 on them ends the driver's session, never the desk's.
 */
import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** Any 401 answer: the stored session is no longer valid. */
export const sessionExpired = createAction('auth/sessionExpired');
/** A 401 on a driver's request, or the driver's socket refused: the driver signs in again. */
export const driverSessionExpired = createAction('conductor/sessionExpired');

/** Whose request it is (an endpoint's extraOptions). */
export interface RequestRole {
  role?: 'desk' | 'driver';
}

/** The part of the state the base query reads (typed structurally to keep app/ free of feature imports). */
interface BaseQueryState {
  auth: { token: string | null };
  /** The driver's phone, once /conductor has loaded (its slice is added then). */
  conductor?: { session: { token: string } | null };
  config: { apiBaseUrl: string };
}

const roleOf = (extraOptions: unknown) => ((extraOptions as RequestRole | undefined)?.role === 'driver' ? 'driver' : 'desk');
const tokenFor = (state: BaseQueryState, role: 'desk' | 'driver') => (role === 'driver' ? (state.conductor?.session?.token ?? null) : state.auth.token);

const rawBaseQuery = fetchBaseQuery({
  prepareHeaders(headers, { getState, extraOptions }) {
    const token = tokenFor(getState() as BaseQueryState, roleOf(extraOptions));
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', 'application/json');
    return headers;
  },
});

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Endpoints that run without a session (a 401 there is a wrong password, not an expired session). */
const PUBLIC_ENDPOINTS = new Set(['login', 'driverLogin']);

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const state = queryApi.getState() as BaseQueryState;
  const role = roleOf(extraOptions);
  const isPublic = PUBLIC_ENDPOINTS.has(queryApi.endpoint);
  // Without a session there is nothing to ask: answer as the server would, without a request.
  if (!isPublic && !tokenFor(state, role)) return { error: { status: 401, data: { error: 'Sesión expirada. Ingresa nuevamente.' } } };
  const request = typeof args === 'string' ? { url: args } : args;
  const result = await rawBaseQuery({ ...request, url: joinUrl(state.config.apiBaseUrl, request.url) }, queryApi, extraOptions);
  if (result.error?.status === 401 && !isPublic) queryApi.dispatch(role === 'driver' ? driverSessionExpired() : sessionExpired());
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Driver', 'Vehicle', 'ActiveShift', 'ShiftHistory', 'DeskUser', 'Activity', 'Webhook', 'WebhookDeliveries'],
  endpoints: () => ({}),
});

export const LIST = 'LIST' as const;
