/**
 * E-mail through nodemailer when SMTP_URL is set. One transport per server; a send that fails with
 * an SMTP 5xx answer (the server refused the address or the message) fails for good, anything else
 * (connection refused, timeout, 4xx) is tried again like a webhook.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Outcome } from './outboxRepo';
import type { MailContent } from './emailMessages';

export interface Mailer {
  send(to: string, content: MailContent): Promise<Outcome>;
  close(): void;
}

export function createMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  // nodemailer reads `url` (the SMTP_URL) and lays the other options over it.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs } as SMTPTransport.Options);
  return {
    async send(to, content) {
      try {
        await transport.sendMail({ from, to, subject: content.subject, text: content.text, html: content.html });
        return { ok: true, permanent: false, statusCode: null, error: null };
      } catch (error) {
        const { responseCode, code, message } = error as { responseCode?: number; code?: string; message?: string };
        const permanent = typeof responseCode === 'number' && responseCode >= 500;
        return { ok: false, permanent, statusCode: responseCode ?? null, error: `Correo no enviado: ${code ?? ''} ${message ?? ''}`.trim() };
      }
    },
    close: () => transport.close(),
  };
}
