/** A small HTTP client for the API tests: JSON in and out (a non-JSON answer as text), bearer token, status and parsed body. */
export interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  /** A JSON body sent as written, for tests of malformed input. */
  jsonText?: string;
  /** A raw body (a scanned file) with its Content-Type. */
  raw?: { body: Uint8Array; contentType: string };
}

export function apiClient(baseUrl: string) {
  return async function call(path: string, { method = 'GET', token, json, jsonText, raw }: CallOptions = {}) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    const text = json !== undefined ? JSON.stringify(json) : jsonText;
    if (text !== undefined) headers['content-type'] = 'application/json';
    if (raw) headers['content-type'] = raw.contentType;
    const body = raw ? new Uint8Array(raw.body) : text;
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const answer = await response.text();
    // A file (the history's CSV) comes back as its text.
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return { status: response.status, body: !answer ? null : isJson ? JSON.parse(answer) : answer };
  };
}
