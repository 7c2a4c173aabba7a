/** HTTP calls for the driver-side and real-time tests, on top of apiClient. */
import type { DriverLoginResponse } from '../../../contract/api';
import { DEMO_FLEET_CODE, DEMO_PASSWORD } from '../seed/demoFleet';
import { apiClient, type CallOptions } from './apiClient';

/** apiClient's call, with POST as the method whenever a JSON body is sent. */
export function apiCall(baseUrl: string, path: string, init: CallOptions = {}) {
  return apiClient(baseUrl)(path, { ...init, method: init.method ?? (init.json === undefined ? 'GET' : 'POST') });
}

/** A driver token (the demo fleet and password by default); throws when the login is refused. */
export async function driverLogin(baseUrl: string, rut: string, password: string = DEMO_PASSWORD, fleetCode: string = DEMO_FLEET_CODE): Promise<DriverLoginResponse> {
  const { status, body } = await apiCall(baseUrl, '/api/driver/login', { json: { fleet_code: fleetCode, rut, password } });
  if (status !== 200) throw new Error(`driver login failed: ${status} ${JSON.stringify(body)}`);
  return body as DriverLoginResponse;
}
