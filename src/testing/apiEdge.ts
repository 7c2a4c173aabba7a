/** What every fake endpoint shares: the API base the tests' store uses, and the session check. */
import { HttpResponse } from 'msw';
import { demoToken } from './fixtures';

export const API = 'http://localhost/api';

/** True when the request carries the test session's token, as the real server checks. */
export function authorized(request: Request): boolean {
  return request.headers.get('Authorization') === `Bearer ${demoToken}`;
}

export const unauthorized = () => HttpResponse.json({ error: 'Sesión expirada. Ingresa nuevamente.' }, { status: 401 });
