/** A small HTTP client for the API tests: JSON in and out (a non-JSON answer as text), bearer token, status and parsed body. */
export interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  /** A JSON body sent as written, for tests of malformed input. */
  jsonText?: string;
}

export function apiClient(baseUrl: string) {
  return async function call(path: string, { method = 'GET', token, json, jsonText }: CallOptions = {}) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    const body = json !== undefined ? JSON.stringify(json) : jsonText;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    // A file (the history's CSV) comes back as its text.
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return { status: response.status, body: !text ? null : isJson ? JSON.parse(text) : text };
  };
}
