/**
 * Alertas' settings (docs/api.md, "Alertas"), from the environment: the fleet-wide speed limit and
 * how long above it makes an episode, how long without points is "sin señal", how long a taxi on a
 * trip may stand still, how long alerts are kept.
 */
import { decimal, type SettingsSection } from '../../platform/config';

declare module '../../platform/config' {
  interface ModuleSettings {
    /** Alertas' settings (modules/alerts/settings.ts). */
    alerts: AlertsConfig;
  }
}

export interface AlertsConfig {
  /** ALERTS_SPEED_LIMIT_KMH: the fleet's limit where no zone sets one (0: none). */
  speedLimitKmh: number;
  /** ALERTS_SPEEDING_SECONDS: above the limit this long is an episode. */
  speedingSeconds: number;
  /** ALERTS_NO_SIGNAL_MINUTES: a taxi on shift without points this long is "sin señal". */
  noSignalMinutes: number;
  /** ALERTS_LONG_STOP_MINUTES: standing still this long during a trip (a booking "a bordo"). */
  longStopMinutes: number;
  /** ALERTS_RETENTION_DAYS: alerts older than this are deleted by the sweep. */
  retentionDays: number;
  /** How often the sin-señal and retention sweep runs (not from the environment; tests shorten it). */
  sweepMs: number;
}

export const ALERTS_DEFAULTS: AlertsConfig = {
  speedLimitKmh: 100,
  speedingSeconds: 20,
  noSignalMinutes: 10,
  longStopMinutes: 15,
  retentionDays: 180,
  sweepMs: 30_000,
};

export const alertsSettings: SettingsSection<'alerts'> = {
  key: 'alerts',
  load: (env) => ({
    ...ALERTS_DEFAULTS,
    speedLimitKmh: decimal(env, 'ALERTS_SPEED_LIMIT_KMH', ALERTS_DEFAULTS.speedLimitKmh, 0, 300),
    speedingSeconds: decimal(env, 'ALERTS_SPEEDING_SECONDS', ALERTS_DEFAULTS.speedingSeconds, 0, 3600),
    noSignalMinutes: decimal(env, 'ALERTS_NO_SIGNAL_MINUTES', ALERTS_DEFAULTS.noSignalMinutes, 1, 1440),
    longStopMinutes: decimal(env, 'ALERTS_LONG_STOP_MINUTES', ALERTS_DEFAULTS.longStopMinutes, 1, 1440),
    retentionDays: decimal(env, 'ALERTS_RETENTION_DAYS', ALERTS_DEFAULTS.retentionDays, 1, 3650),
  }),
};
