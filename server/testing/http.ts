/** HTTP calls for server tests: JSON in and out, an optional bearer token, the status kept. */
import type { DriverLoginResponse } from '../../contract/api';
import { DEMO_PASSWORD } from '../seed/demoFleet';

export interface CallResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function apiCall(baseUrl: string, path: string, init: { method?: string; token?: string; json?: unknown } = {}): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A driver token (the demo password by default); throws when the login is refused. */
export async function driverLogin(baseUrl: string, rut: string, password: string = DEMO_PASSWORD): Promise<DriverLoginResponse> {
  const { status, body } = await apiCall(baseUrl, '/api/driver/login', { json: { rut, password } });
  if (status !== 200) throw new Error(`driver login failed: ${status} ${JSON.stringify(body)}`);
  return body as DriverLoginResponse;
}
