/**
 * The driver API as the /conductor page calls it. Plain fetch, not the owner's RTK Query api: a
 * driver is another principal with its own token, and the owner's base query would treat the
 * driver's 401 as the owner's session ending.
 */
import type { DriverSosResponse, SosRequest } from '../../../contract/alerts';
import type { AvailabilityRequest, DriverDispatchResponse, DriverLoginRequest, DriverLoginResponse, DriverMeResponse, LocationBatch, ShiftResponse } from '../../../contract/api';
import { DriverApiError } from '../../../contract/driverApiError';
import { joinUrl } from '../../app/api';

export const CONNECTION_LOST = 'Sin conexión: revisa tu señal de datos.';

export { DriverApiError };

export function driverApiClient(apiBaseUrl: string, token: string | null) {
  async function request<T>(path: string, method: 'GET' | 'POST' | 'PUT' = 'GET', json?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(joinUrl(apiBaseUrl, path), { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
    } catch {
      throw new DriverApiError(0, CONNECTION_LOST);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page: the status still says what happened.
    }
    if (!response.ok) {
      const message = (body as { error?: unknown } | null)?.error;
      const retryAfter = response.status === 429 ? Number(response.headers.get('retry-after')) : Number.NaN;
      throw new DriverApiError(
        response.status,
        typeof message === 'string' ? message : 'El servidor no respondió como se esperaba. Intenta nuevamente.',
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    return body as T;
  }

  return {
    login: (body: DriverLoginRequest) => request<DriverLoginResponse>('/driver/login', 'POST', body),
    me: () => request<DriverMeResponse>('/driver/me'),
    startShift: () => request<ShiftResponse>('/driver/shifts/start', 'POST', {}),
    endShift: () => request<ShiftResponse>('/driver/shifts/end', 'POST', {}),
    sendLocations: (locations: LocationBatch['locations']) => request<{ accepted: number }>('/driver/locations', 'POST', { locations }),
    // Dispatch (contract/dispatch.ts): every answer is the driver's whole dispatch state.
    dispatchState: () => request<DriverDispatchResponse>('/driver/dispatch'),
    setAvailability: (availability: AvailabilityRequest['availability']) => request<DriverDispatchResponse>('/driver/availability', 'PUT', { availability }),
    acceptOffer: (bookingId: number) => request<DriverDispatchResponse>(`/driver/offers/${bookingId}/accept`, 'POST'),
    declineOffer: (bookingId: number) => request<DriverDispatchResponse>(`/driver/offers/${bookingId}/decline`, 'POST'),
    // Finalizar may carry the taxímetro's amount (contract/fares.ts); without it the server estimates.
    tripAction: (bookingId: number, action: TripAction, farePesos: number | null = null) =>
      request<DriverDispatchResponse>(`/driver/trips/${bookingId}/${action}`, 'POST', action === 'finish' && farePesos !== null ? { fare_pesos: farePesos } : undefined),
    // Alertas (contract/alerts.ts): the driver's SOS.
    sendSos: (sos: SosRequest) => request<DriverSosResponse>('/driver/sos', 'POST', sos),
    currentSos: () => request<DriverSosResponse>('/driver/sos'),
  };
}

export type DriverApiClient = ReturnType<typeof driverApiClient>;

/** The driver's steps of a trip, as the routes name them. */
export type TripAction = 'arrived' | 'onboard' | 'finish' | 'no-show';
