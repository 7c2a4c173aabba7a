/**
 * Seguimiento's settings (docs/api.md, "Seguimiento"), from the environment: how long a finished
 * trip's link keeps answering, and how many public requests one address may make a minute (token
 * guessing meets this wall long before 144 random bits matter).
 */
import { integer, type SettingsSection } from '../../platform/config';

declare module '../../platform/config' {
  interface ModuleSettings {
    /** Seguimiento's settings (modules/tracking/settings.ts). */
    tracking: TrackingConfig;
  }
}

export interface TrackingConfig {
  /** TRACKING_EXPIRY_MINUTES: a finished trip's link answers this long after the trip ends. */
  expiryMinutes: number;
  /** TRACKING_REQUESTS_PER_MINUTE: public requests per address a minute (page data and live stream). */
  requestsPerMinute: number;
  /** How often an open live stream reads its trip again, for changes another server process made (not from the environment). */
  refreshMs: number;
}

export const TRACKING_DEFAULTS: TrackingConfig = { expiryMinutes: 15, requestsPerMinute: 30, refreshMs: 15_000 };

export const trackingSettings: SettingsSection<'tracking'> = {
  key: 'tracking',
  load: (env) => ({
    ...TRACKING_DEFAULTS,
    expiryMinutes: integer(env, 'TRACKING_EXPIRY_MINUTES', TRACKING_DEFAULTS.expiryMinutes, 0, 7 * 24 * 60),
    requestsPerMinute: integer(env, 'TRACKING_REQUESTS_PER_MINUTE', TRACKING_DEFAULTS.requestsPerMinute, 1, 10_000),
  }),
};
