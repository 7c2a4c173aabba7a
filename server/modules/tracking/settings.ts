/**
 * Seguimiento's settings (docs/api.md, "Seguimiento"), from the environment: how long a finished
 * trip's link keeps answering, how many public requests one address may make a minute (token
 * guessing meets this wall long before 144 random bits matter), and the "Pedir un taxi" page's
 * abuse limits (per address, per phone number an hour, open requests per number).
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
  /** TAXI_REQUESTS_PER_ADDRESS: "Pedir un taxi" requests one address may send an hour (every fleet's page together). */
  requestsPerAddressPerHour: number;
  /** TAXI_REQUESTS_PER_PHONE: web requests one phone number may make an hour, per fleet. */
  requestsPerPhonePerHour: number;
  /** TAXI_REQUESTS_OPEN_PER_PHONE: web requests of one number that may be open (not finished or cancelled) at once. */
  openRequestsPerPhone: number;
  /** TRACKING_STREAMS_PER_ADDRESS: live streams one address may hold open at once, per server process (a 429 beyond it). */
  streamsPerAddress: number;
  /** TRACKING_STREAMS_PER_TOKEN: live streams one trip's link may have open at once, per server process (a 429 beyond it). */
  streamsPerToken: number;
  /** How often an open live stream reads its trip again, for changes another server process made (not from the environment). */
  refreshMs: number;
}

export const TRACKING_DEFAULTS: TrackingConfig = { expiryMinutes: 15, requestsPerMinute: 30, requestsPerAddressPerHour: 10, requestsPerPhonePerHour: 3, openRequestsPerPhone: 1, streamsPerAddress: 20, streamsPerToken: 5, refreshMs: 15_000 };

export const trackingSettings: SettingsSection<'tracking'> = {
  key: 'tracking',
  load: (env) => ({
    ...TRACKING_DEFAULTS,
    expiryMinutes: integer(env, 'TRACKING_EXPIRY_MINUTES', TRACKING_DEFAULTS.expiryMinutes, 0, 7 * 24 * 60),
    requestsPerMinute: integer(env, 'TRACKING_REQUESTS_PER_MINUTE', TRACKING_DEFAULTS.requestsPerMinute, 1, 10_000),
    requestsPerAddressPerHour: integer(env, 'TAXI_REQUESTS_PER_ADDRESS', TRACKING_DEFAULTS.requestsPerAddressPerHour, 1, 10_000),
    requestsPerPhonePerHour: integer(env, 'TAXI_REQUESTS_PER_PHONE', TRACKING_DEFAULTS.requestsPerPhonePerHour, 1, 100),
    openRequestsPerPhone: integer(env, 'TAXI_REQUESTS_OPEN_PER_PHONE', TRACKING_DEFAULTS.openRequestsPerPhone, 1, 20),
    streamsPerAddress: integer(env, 'TRACKING_STREAMS_PER_ADDRESS', TRACKING_DEFAULTS.streamsPerAddress, 1, 10_000),
    streamsPerToken: integer(env, 'TRACKING_STREAMS_PER_TOKEN', TRACKING_DEFAULTS.streamsPerToken, 1, 1000),
  }),
};
