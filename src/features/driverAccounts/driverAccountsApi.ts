import type {
  AccountSettings,
  BalancesResponse,
  ClosingResponse,
  DriverAccountResponse,
  EntryCreate,
  EntryResponse,
  ReversalCreate,
  StatementResponse,
  TermsCreate,
} from '../../../contract/accounts';
import type { FareTariff, FareTariffResponse } from '../../../contract/fares';
import { api } from '../../app/api';

/**
 * Cuentas: balances, a driver's account, terms, entries (with the form's idempotency key sent as the
 * `Idempotency-Key` header, so a double click or a retried request stores once), the estado de cuenta
 * and the cierre del día. Money changes all the time at the desk: every screen asks again on each visit.
 */
export const accountsApi = api.enhanceEndpoints({ addTagTypes: ['Account', 'FareTariff'] }).injectEndpoints({
  endpoints: (build) => ({
    getBalances: build.query<BalancesResponse, void>({ providesTags: ['Account'], query: () => '/accounts/balances' }),
    getDriverAccount: build.query<DriverAccountResponse, number>({ providesTags: ['Account'], query: (id) => `/accounts/drivers/${id}` }),
    createTerms: build.mutation<unknown, { driverId: number; body: TermsCreate }>({ invalidatesTags: ['Account'],
      query: ({ driverId, body }) => ({ url: `/accounts/drivers/${driverId}/terms`, method: 'POST', body }),
    }),
    createEntry: build.mutation<EntryResponse, { driverId: number; key: string; body: EntryCreate }>({ invalidatesTags: ['Account'],
      query: ({ driverId, key, body }) => ({ url: `/accounts/drivers/${driverId}/entries`, method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    }),
    reverseEntry: build.mutation<EntryResponse, { entryId: number; key: string; body: ReversalCreate }>({ invalidatesTags: ['Account'],
      query: ({ entryId, key, body }) => ({ url: `/accounts/entries/${entryId}/reverse`, method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    }),
    getStatement: build.query<StatementResponse, { driverId: number; from: string; to: string }>({
      providesTags: ['Account'],
      query: ({ driverId, from, to }) => ({ url: `/accounts/drivers/${driverId}/statement`, params: { from, to } }),
    }),
    getClosing: build.query<ClosingResponse, string>({ providesTags: ['Account'], query: (date) => ({ url: '/accounts/closing', params: { date } }) }),
    getAccountSettings: build.query<{ settings: AccountSettings }, void>({ query: () => '/accounts/settings' }),
    updateAccountSettings: build.mutation<{ settings: AccountSettings }, AccountSettings>({ invalidatesTags: ['Account'], query: (body) => ({ url: '/accounts/settings', method: 'PUT', body }) }),
    // The fleet's taxímetro tariff (contract/fares.ts): set beside the cuotas, since a porcentaje cuota charges on its fares.
    getFareTariff: build.query<FareTariffResponse, void>({ providesTags: ['FareTariff'], query: () => '/dispatch/fare-tariff' }),
    updateFareTariff: build.mutation<FareTariffResponse, FareTariff>({ invalidatesTags: ['FareTariff'], query: (body) => ({ url: '/dispatch/fare-tariff', method: 'PUT', body }) }),
  }),
});

export const {
  useGetBalancesQuery,
  useGetDriverAccountQuery,
  useCreateTermsMutation,
  useCreateEntryMutation,
  useReverseEntryMutation,
  useGetStatementQuery,
  useGetClosingQuery,
  useGetAccountSettingsQuery,
  useUpdateAccountSettingsMutation,
  useGetFareTariffQuery,
  useUpdateFareTariffMutation,
} = accountsApi;

/** The Spanish text of a refused request (the server's), or a general one. */
export function errorText(error: unknown): string {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : 'No se pudo guardar. Intenta nuevamente.';
}
