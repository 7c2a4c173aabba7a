/** The Spanish text of a failed RTK Query call: the server's `error`, or the screen's fallback. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object' && 'error' in data && typeof (data as { error: unknown }).error === 'string') {
      const text = (data as { error: string }).error.trim();
      if (text) return text;
    }
  }
  return fallback;
}

/** True when the request never got an HTTP answer (server down, network cut). */
export function isNetworkError(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'status' in error && (error as { status: unknown }).status === 'FETCH_ERROR';
}

/** Per-field texts of a 400 answer ({fields: {name: text}}), empty otherwise. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: { fields?: unknown } }).data;
    if (data && typeof data.fields === 'object' && data.fields) return data.fields as Record<string, string>;
  }
  return {};
}

/**
 * A screen's fixed failure text, followed by the server's own reason when it gave one
 * ("Error al eliminar conductor. No se puede eliminar un conductor con un turno activo.").
 */
export function failureWithReason(fixedText: string, error: unknown): string {
  const reason = apiErrorMessage(error, '');
  return reason ? `${fixedText}. ${reason}` : fixedText;
}
