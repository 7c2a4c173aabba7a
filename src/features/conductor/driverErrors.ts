/** What the driver reads when a request fails, in plain Spanish. */
import { apiErrorMessage, isNetworkError } from '../../lib/apiError';

export const CONNECTION_LOST = 'Sin conexión: revisa tu señal de datos.';
const UNEXPECTED = 'El servidor no respondió como se esperaba. Intenta nuevamente.';

/** The server's own text; "sin conexión" when the request never got there; a proxy's page gets a plain sentence. */
export function driverErrorText(error: unknown, fallback: string): string {
  if (!error) return fallback;
  if (isNetworkError(error)) return CONNECTION_LOST;
  const status = (error as { status?: unknown }).status;
  return apiErrorMessage(error, typeof status === 'number' || status === 'PARSING_ERROR' ? UNEXPECTED : fallback);
}

/** The HTTP status of a failed request (0: it never reached the server). */
export function failedStatus(error: unknown): number {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (typeof status === 'number') return status;
  const original = (error as { originalStatus?: unknown } | undefined)?.originalStatus;
  return typeof original === 'number' ? original : 0;
}
