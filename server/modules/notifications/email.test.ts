/**
 * E-mail through the outbox to a real SMTP server started here (npm smtp-server on 127.0.0.1),
 * each message read back with mailparser: one alert in Spanish, then a digest of the alerts that
 * fired within the next minute to the same address; and the status the screen reads.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { manualClock } from '../../platform/clock';
import { apiCall } from '../../tools/testing/http';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { createMailer, createOutboxPass, DIGEST_WINDOW_MS, enqueueAlertNotifications, NOTIFICATIONS_DEFAULTS, outboxPacing, type AlertForDelivery } from './index';

interface Received {
  to: string[];
  mail: ParsedMail;
}

let server: TestServer;
let smtp: SMTPServer;
let smtpUrl: string;
const received: Received[] = [];
const clock = manualClock(new Date('2026-11-27T15:00:00Z'));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
  server = await startTestServer({ notifications: { ...NOTIFICATIONS_DEFAULTS, smtpUrl, smtpFrom: 'Flota Pruebas <alertas@flota.test>' } }, { clock });
}, 90_000);
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function alert(n: number, overrides: Partial<AlertForDelivery> = {}): AlertForDelivery {
  return {
    id: n,
    ownerId: server.seed.ownerId,
    kind: n === 1 ? 'sos' : 'speeding',
    occurredAt: clock.now().toISOString(),
    title: n === 1 ? 'SOS de Ana Pérez' : `Exceso de velocidad ${n}`,
    detail: n === 1 ? null : `Llegó a ${80 + n} km/h`,
    vehicle: { id: 7, plate: 'ABCD12' },
    driver: { id: 3, name: 'Ana Pérez', phone: '+56912345678' },
    zone: null,
    position: { lat: -32.45, lng: -71.23, speedKmh: 80 + n },
    emailTo: ['Central@Example.cl', 'central@example.cl', 'no-es-correo'],
    ...overrides,
  };
}

async function raise(a: AlertForDelivery) {
  await server.db.transaction().execute((trx) => enqueueAlertNotifications(a, trx, clock.now()));
}

it('sends one alert as a Spanish message, and the alerts of the next minute to that address as one digest', async () => {
  const settings = server.config.notifications;
  const mailer = createMailer(smtpUrl, settings.smtpFrom, 5000);
  const pass = createOutboxPass({ db: server.db, log: server.app.log, config: settings, mailer, timeZone: 'America/Santiago' }, outboxPacing(settings, clock));
  try {
    await raise(alert(1));
    for (let n = 2; n <= 5; n += 1) {
      clock.advance(5000);
      await raise(alert(n));
    }
    // The first goes at once; the four after it wait for the digest.
    expect(await pass.runOnce()).toMatchObject({ attempted: 1, delivered: 1 });
    expect(received).toHaveLength(1);
    const [first] = received;
    expect(first.to).toEqual(['central@example.cl']);
    expect(first.mail.from?.text).toBe('"Flota Pruebas" <alertas@flota.test>');
    expect(first.mail.subject).toBe('Alerta Flota: SOS de Ana Pérez · ABCD12');
    // 15:00 UTC is 12:00 in Santiago in November (UTC-3).
    expect(first.mail.text).toContain('SOS de Ana Pérez (SOS del conductor)\nHora: 27/11/2026 12:00\nTaxi: ABCD12\nConductor: Ana Pérez, teléfono +56912345678');
    expect(first.mail.html).toContain('<strong>SOS de Ana Pérez (SOS del conductor)</strong>');

    clock.advance(DIGEST_WINDOW_MS - 20_000);
    expect(await pass.runOnce()).toMatchObject({ attempted: 0 });
    clock.advance(20_000);
    expect(await pass.runOnce()).toMatchObject({ attempted: 4, delivered: 4 });
    expect(received).toHaveLength(2);
    const digest = received[1].mail;
    expect(digest.subject).toBe('Resumen Flota: 4 alertas en el último minuto');
    expect(digest.text).toContain('Se produjeron 4 alertas en poco tiempo; van juntas en este resumen:');
    for (let n = 2; n <= 5; n += 1) expect(digest.text).toContain(`${n - 1}. Exceso de velocidad ${n} (Exceso de velocidad)`);
    expect(digest.text).toContain('Llegó a 85 km/h');

    // A minute of quiet later, the next alert goes alone again.
    clock.advance(2 * DIGEST_WINDOW_MS);
    await raise(alert(6, { emailTo: ['central@example.cl'] }));
    expect(await pass.runOnce()).toMatchObject({ attempted: 1, delivered: 1 });
    expect(received[2].mail.subject).toBe('Alerta Flota: Exceso de velocidad 6 · ABCD12');
  } finally {
    mailer.close();
  }
});

it('keeps each line of the message one line when a name an older row holds carries CR/LF or a bidi override', async () => {
  const settings = server.config.notifications;
  const mailer = createMailer(smtpUrl, settings.smtpFrom, 5000);
  const pass = createOutboxPass({ db: server.db, log: server.app.log, config: settings, mailer, timeZone: 'America/Santiago' }, outboxPacing(settings, clock));
  try {
    clock.advance(10 * DIGEST_WINDOW_MS);
    const forged = 'Ana\r\nBcc: x@y.cl';
    await raise(alert(8, { kind: 'sos', title: `SOS de ${forged}`, detail: null, driver: { id: 3, name: forged, phone: null }, zone: { id: 4, name: 'Terminal\u202Eanile' }, emailTo: ['forja@example.cl'] }));
    expect(await pass.runOnce()).toMatchObject({ attempted: 1, delivered: 1 });
    const sent = received.find((r) => r.to.includes('forja@example.cl')) as Received;
    expect(sent.to).toEqual(['forja@example.cl']);
    expect(sent.mail.bcc).toBeUndefined();
    expect(sent.mail.subject).toBe('Alerta Flota: SOS de Ana␍␊Bcc: x@y.cl · ABCD12');
    const lines = (sent.mail.text ?? '').split('\n');
    expect(lines.filter((line) => line.startsWith('Bcc:'))).toEqual([]);
    expect(lines).toContain('Conductor: Ana␍␊Bcc: x@y.cl');
    expect(lines).toContain('Zona: Terminal[U+202E]anile');
    expect(sent.mail.html).toContain('Conductor: Ana␍␊Bcc: x@y.cl');
  } finally {
    mailer.close();
  }
});

it('retries when the SMTP server is down, and says so in the row', async () => {
  const settings = { ...server.config.notifications, smtpUrl: 'smtp://127.0.0.1:1' };
  const mailer = createMailer(settings.smtpUrl, settings.smtpFrom, 2000);
  const pass = createOutboxPass({ db: server.db, log: server.app.log, config: settings, mailer, timeZone: 'America/Santiago' }, outboxPacing(settings, clock));
  await server.db.deleteFrom('notification_outbox').execute();
  clock.advance(10 * DIGEST_WINDOW_MS);
  await raise(alert(7, { emailTo: ['otra@example.cl'] }));
  expect(await pass.runOnce()).toMatchObject({ attempted: 1, retried: 1 });
  const row = await server.db.selectFrom('notification_outbox').selectAll().where('recipient', '=', 'otra@example.cl').executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Correo no enviado: ESOCKET connect ECONNREFUSED 127.0.0.1:1' });
  mailer.close();
});

it('tells the screen whether e-mail is configured', async () => {
  const token = await server.login();
  const { status, body } = await apiCall(server.url, '/api/notifications/status', { token });
  expect(status).toBe(200);
  expect(body.email).toEqual({ configured: true, from: 'Flota Pruebas <alertas@flota.test>' });
  expect(body.event_types).toContainEqual({ type: 'alert.sos', label: 'SOS del conductor' });
  expect(body.event_types).toContainEqual({ type: 'booking.assigned', label: 'Reserva asignada' });
});
