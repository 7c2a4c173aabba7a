/**
 * Runtime configuration: where the API, socket and tiles are, and how the app is routed.
 * The standalone page reads it from config.json next to index.html (written by the server from
 * env); an intranet host passes it to Flota.mount(). Nothing here is baked in at build time.
 * Its schema and defaults are the contract's (contract/runtimeConfig.ts), shared with the server.
 */
import { ROUTER_KINDS, runtimeConfigDefaults, runtimeConfigSchema, type RouterKind, type RuntimeConfig } from '../../contract/runtimeConfig';

export { ROUTER_KINDS, type RouterKind, type RuntimeConfig };

export function isRouterKind(value: unknown): value is RouterKind {
  return ROUTER_KINDS.includes(value as RouterKind);
}

export const defaultConfig: RuntimeConfig = {
  ...runtimeConfigDefaults,
  devTools: process.env.NODE_ENV !== 'production',
};

/** Defaults overridden by whatever the deployment gives, ignoring keys it does not know and values the schema refuses. */
export function resolveConfig(partial: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const config: RuntimeConfig = { ...defaultConfig };
  for (const key of Object.keys(runtimeConfigSchema.shape) as (keyof RuntimeConfig)[]) {
    const parsed = runtimeConfigSchema.shape[key].safeParse(partial[key]);
    if (parsed.success) (config as Record<keyof RuntimeConfig, unknown>)[key] = parsed.data;
  }
  return config;
}
