/**
 * Notificaciones' settings (README, environment table; docs/webhooks.md), from the environment.
 * SMTP_URL turns e-mail on (nodemailer's connection URL, e.g. smtp://user:pass@mail.example.cl:587);
 * without it the screen says e-mail is not configured. WEBHOOKS_ALLOW_PRIVATE=1 lets endpoints point
 * at private, loopback and link-local addresses: tests and a closed network only, never a shared
 * server (anyone who may add an endpoint could make the server call inside its own network).
 */
import { ConfigError, decimal, integer, onOff, text, type Env, type SettingsSection } from '../../platform/config';

declare module '../../platform/config' {
  interface ModuleSettings {
    /** Notificaciones' settings (modules/notifications/settings.ts). */
    notifications: NotificationsConfig;
  }
}

export interface NotificationsConfig {
  /** SMTP_URL: nodemailer's SMTP connection URL; null: no e-mail. */
  smtpUrl: string | null;
  /** SMTP_FROM: the sender of every message. */
  smtpFrom: string;
  /** WEBHOOKS_ALLOW_PRIVATE: endpoints may resolve to private, loopback and link-local addresses. */
  allowPrivate: boolean;
  /** WEBHOOKS_TIMEOUT_SECONDS: how long one attempt may take, connection to the last byte of the answer. */
  timeoutSeconds: number;
  /** WEBHOOKS_MAX_ATTEMPTS: attempts before a delivery fails for good (retries back off, see backoff.ts). */
  maxAttempts: number;
  /** Rows one pass claims at most (not from the environment). */
  batchSize: number;
  /** How often the pass looks for due rows (ms; not from the environment, tests and benches shorten it). */
  recheckMs: number;
}

export const NOTIFICATIONS_DEFAULTS: NotificationsConfig = {
  smtpUrl: null,
  smtpFrom: 'Flota <no-responder@flota.local>',
  allowPrivate: false,
  timeoutSeconds: 10,
  maxAttempts: 8,
  batchSize: 50,
  recheckMs: 1000,
};

function smtpUrl(env: Env): string | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  if (!/^smtps?:\/\/[^\s]+$/.test(raw)) throw new ConfigError(`SMTP_URL debe ser una URL smtp:// o smtps:// (se recibió "${raw.replace(/\/\/[^@/]*@/, '//…@')}")`);
  return raw;
}

export const notificationsSettings: SettingsSection<'notifications'> = {
  key: 'notifications',
  load: (env) => ({
    ...NOTIFICATIONS_DEFAULTS,
    smtpUrl: smtpUrl(env),
    smtpFrom: text(env, 'SMTP_FROM', NOTIFICATIONS_DEFAULTS.smtpFrom),
    allowPrivate: onOff(env, 'WEBHOOKS_ALLOW_PRIVATE', false),
    timeoutSeconds: decimal(env, 'WEBHOOKS_TIMEOUT_SECONDS', NOTIFICATIONS_DEFAULTS.timeoutSeconds, 1, 60),
    maxAttempts: integer(env, 'WEBHOOKS_MAX_ATTEMPTS', NOTIFICATIONS_DEFAULTS.maxAttempts, 5, 20),
  }),
};
