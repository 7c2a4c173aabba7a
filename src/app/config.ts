/**
 * Runtime configuration: where the API, socket and tiles are, and how the app is routed.
 * The standalone page reads it from config.json next to index.html (written by the server from
 * env); an intranet host passes it to Flota.mount(). Nothing here is baked in at build time.
 */
export const ROUTER_KINDS = ['browser', 'hash', 'memory'] as const;
export type RouterKind = (typeof ROUTER_KINDS)[number];

export function isRouterKind(value: unknown): value is RouterKind {
  return ROUTER_KINDS.includes(value as RouterKind);
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  /** '' means the page's own origin. */
  socketUrl: string;
  socketPath: string;
  tileUrl: string;
  tileAttribution: string;
  basePath: string;
  router: RouterKind;
  /** Prefix of every localStorage key, so two apps on one origin do not share a session. */
  storagePrefix: string;
  devTools: boolean;
  /** A taxi without an update for this long is drawn as without signal. */
  staleAfterSeconds: number;
}

export const defaultConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  socketUrl: '',
  socketPath: '/socket.io',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '© OpenStreetMap contributors',
  basePath: '/',
  router: 'browser',
  storagePrefix: 'flota',
  devTools: process.env.NODE_ENV !== 'production',
  staleAfterSeconds: 120,
};

/** Defaults overridden by whatever the deployment gives, ignoring keys it does not know and values of the wrong kind. */
export function resolveConfig(partial: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const config: RuntimeConfig = { ...defaultConfig };
  for (const key of Object.keys(defaultConfig) as (keyof RuntimeConfig)[]) {
    const value = partial[key];
    if (key === 'router' && !isRouterKind(value)) continue;
    if (value !== undefined && value !== null && typeof value === typeof defaultConfig[key]) {
      (config as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return config;
}
