/** Notificaciones' settings: SMTP_URL, SMTP_FROM and the webhook variables, with the platform's Spanish messages. */
import { ConfigError, loadConfig } from '../../platform/config';
import { NOTIFICATIONS_DEFAULTS, notificationsSettings } from './settings';

const base = { JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef', DATA_DIR: '/nonexistent-flota-test' };

it('reads its variables into config.notifications; unset, no e-mail and no private addresses', () => {
  expect(loadConfig(base, [notificationsSettings]).notifications).toEqual(NOTIFICATIONS_DEFAULTS);
  expect(NOTIFICATIONS_DEFAULTS).toMatchObject({ smtpUrl: null, allowPrivate: false, maxAttempts: 8 });
  const config = loadConfig(
    { ...base, SMTP_URL: 'smtp://flota:clave@correo.example.cl:587', SMTP_FROM: 'Radiotaxis <avisos@example.cl>', WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_TIMEOUT_SECONDS: '5', WEBHOOKS_MAX_ATTEMPTS: '6' },
    [notificationsSettings],
  );
  expect(config.notifications).toEqual({ ...NOTIFICATIONS_DEFAULTS, smtpUrl: 'smtp://flota:clave@correo.example.cl:587', smtpFrom: 'Radiotaxis <avisos@example.cl>', allowPrivate: true, timeoutSeconds: 5, maxAttempts: 6 });
});

it('refuses a bad value at start with the Spanish message, without printing the SMTP password', () => {
  expect(() => loadConfig({ ...base, SMTP_URL: 'http://flota:secreta@correo.example.cl' }, [notificationsSettings])).toThrow(
    new ConfigError('SMTP_URL debe ser una URL smtp:// o smtps:// (se recibió "http://…@correo.example.cl")'),
  );
  expect(() => loadConfig({ ...base, WEBHOOKS_MAX_ATTEMPTS: '3' }, [notificationsSettings])).toThrow('WEBHOOKS_MAX_ATTEMPTS debe ser un número entero entre 5 y 20 (se recibió "3")');
  expect(() => loadConfig({ ...base, WEBHOOKS_ALLOW_PRIVATE: 'quizás' }, [notificationsSettings])).toThrow('WEBHOOKS_ALLOW_PRIVATE debe ser "on" u "off" (se recibió "quizás")');
});
