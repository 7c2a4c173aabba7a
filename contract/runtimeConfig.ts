/**
 * The SPA's runtime configuration, described once: config.json (written by the server from env,
 * server/spa.ts) and Flota.mount()'s options both fill it; whatever they leave out, or give with
 * the wrong kind, takes the default below (src/app/config.ts resolveConfig).
 * Written with zod's tree-shakable "mini" API, and importing no other contract module: the SPA
 * reads it before its first screen, which must stay within its budget (issue 20); a value of the
 * wrong kind is replaced by its default, never shown to a person, so it needs no Spanish messages.
 */
import { z } from 'zod/mini';
import { API_BASE_PATH, SOCKET_PATH } from './paths';

export const ROUTER_KINDS = ['browser', 'hash', 'memory'] as const;
export const routerKindSchema = z.enum(ROUTER_KINDS);
export type RouterKind = z.infer<typeof routerKindSchema>;

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  /** '' means the page's own origin. */
  socketUrl: z.string(),
  socketPath: z.string(),
  tileUrl: z.string(),
  tileAttribution: z.string(),
  basePath: z.string(),
  router: routerKindSchema,
  /** Prefix of every localStorage key, so two apps on one origin do not share a session. */
  storagePrefix: z.string(),
  devTools: z.boolean(),
  /**
   * Whether the app names the browser tab after the screen ("Despacho · Flota"). The standalone page
   * owns its document; an intranet that embeds Flota keeps its own title unless it asks for this.
   */
  documentTitle: z.boolean(),
  /** A taxi without an update for this long is drawn as without signal. */
  staleAfterSeconds: z.int().check(z.positive()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/**
 * The defaults, in one place. devTools is not here: its default depends on the build (the SPA
 * turns it on outside production), and the server writes it only when DEVTOOLS is set.
 */
export const runtimeConfigDefaults = {
  apiBaseUrl: API_BASE_PATH,
  socketUrl: '',
  socketPath: SOCKET_PATH,
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '© OpenStreetMap contributors',
  basePath: '/',
  router: 'browser',
  storagePrefix: 'flota',
  staleAfterSeconds: 120,
  documentTitle: false,
} as const satisfies Omit<RuntimeConfig, 'devTools'>;

/** config.json, as the server writes it: where the API, socket and tiles are; devTools only when DEVTOOLS is set. */
export const configJsonSchema = z.extend(
  z.pick(runtimeConfigSchema, { apiBaseUrl: true, socketUrl: true, socketPath: true, tileUrl: true, tileAttribution: true, staleAfterSeconds: true }),
  { devTools: z.optional(z.boolean()) },
);
export type ConfigJson = z.infer<typeof configJsonSchema>;
