/**
 * The driver API as a phone uses it, for the simulator: login, start and end a shift, send
 * locations. Requests go only to the base URL it was given. A refused token signs in again once.
 */
import type { DriverLoginResponse, DriverMeResponse, LocationBatch, ShiftResponse } from '../../../contract/api';
import { DriverApiError } from '../../../contract/driverApiError';
import type { DriverProfile } from '../../../contract/entities';
import { SIMULATOR_USER_AGENT } from '../../platform/logging';

export { DriverApiError };

export interface DriverClient {
  readonly rut: string;
  profile: DriverProfile | null;
  login(): Promise<DriverProfile>;
  /** A tracker (OsmAnd) has no buttons: its start and end do nothing and resolve undefined. */
  startShift(): Promise<ShiftResponse | undefined>;
  endShift(): Promise<ShiftResponse | undefined>;
  /** Whether the driver has a shift open now (GET /driver/me); a client that cannot tell has none. */
  hasOpenShift?(): Promise<boolean>;
  sendLocations(batch: LocationBatch): Promise<{ accepted: number }>;
}

export const REQUEST_TIMEOUT_MS = 10_000;

export function createDriverClient(baseUrl: string, fleetCode: string, rut: string, password: string): DriverClient {
  const apiUrl = `${baseUrl.replace(/\/+$/, '')}/api`;
  let token: string | null = null;

  /** POST with a JSON body, or GET when body is undefined. */
  async function call<T>(path: string, body: unknown, retry = true): Promise<T> {
    const response = await fetch(`${apiUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'user-agent': SIMULATOR_USER_AGENT,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A server that stops answering must not hold the simulator (or its shutdown) forever.
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const data = (await response.json().catch(() => ({}))) as { error?: string };
    if (response.status === 401 && retry && token) {
      // The token expired (12 h) or the server got a new secret: sign in again, once.
      await client.login();
      return call(path, body, false);
    }
    if (!response.ok) throw new DriverApiError(response.status, data.error ?? `HTTP ${response.status}`);
    return data as T;
  }

  const client: DriverClient = {
    rut,
    profile: null,
    async login() {
      token = null;
      const result = await call<DriverLoginResponse>('/driver/login', { fleet_code: fleetCode, rut, password }, false);
      token = result.token;
      client.profile = result.driver;
      return result.driver;
    },
    startShift: () => call<ShiftResponse>('/driver/shifts/start', {}),
    endShift: () => call<ShiftResponse>('/driver/shifts/end', {}),
    hasOpenShift: async () => (await call<DriverMeResponse>('/driver/me', undefined)).shift !== null,
    sendLocations: (batch) => call<{ accepted: number }>('/driver/locations', batch),
  };
  return client;
}
