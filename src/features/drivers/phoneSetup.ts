/**
 * Where a driver's phone sends its positions, built from the API's address (so an intranet that
 * mounts Flota with an absolute apiBaseUrl still shows the right server), and the Traccar Client
 * configuration link its QR code carries: Traccar Client reads the server URL from the link's
 * origin and path, and its settings (id, accuracy, distance, interval) from the query.
 */
export const OSMAND_PATH = '/osmand';
/** Seconds between positions we suggest: a taxi moves ~100 m in 10 s in town. */
export const SUGGESTED_INTERVAL_SECONDS = 10;

/** The Flota server's base (origin + any path prefix before /api), for a page at `pageUrl`. */
function serverBase(apiBaseUrl: string, pageUrl: string): string {
  const api = new URL(apiBaseUrl, pageUrl);
  return `${api.origin}${api.pathname.replace(/\/+$/, '').replace(/\/api$/, '')}`;
}

export function osmandServerUrl(apiBaseUrl: string, pageUrl: string): string {
  return `${serverBase(apiBaseUrl, pageUrl)}${OSMAND_PATH}`;
}

export function traccarClientConfigUrl(serverUrl: string, deviceId: string): string {
  const params = new URLSearchParams({ id: deviceId, accuracy: 'high', distance: '0', interval: String(SUGGESTED_INTERVAL_SECONDS) });
  return `${serverUrl}?${params}`;
}

/** The driver page's setup link; with the fleet code the driver only types RUT and password. */
export function conductorPageUrl(apiBaseUrl: string, pageUrl: string, fleetCode: string | undefined): string {
  const page = `${serverBase(apiBaseUrl, pageUrl)}/conductor`;
  return fleetCode ? `${page}?flota=${encodeURIComponent(fleetCode)}` : page;
}
