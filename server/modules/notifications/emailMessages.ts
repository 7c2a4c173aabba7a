/**
 * The e-mails' Spanish texts: one alert, or a digest listing several that fired within a minute for
 * the same address. Plain text and a small HTML twin with the same content (escaped).
 */
import { formatDateTime } from '../../../contract/dateFormat';
import { webhookEventTypeLabels, type WebhookAlert, type WebhookEventType } from '../../../contract/notifications';
import { visibleControls } from '../../../contract/plainText';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function when(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDateTime(date, { timeZone });
}

function kindLabel(kind: string): string {
  return webhookEventTypeLabels[`alert.${kind}` as WebhookEventType] ?? kind;
}

/**
 * The alert's lines: what, when, which taxi and driver, where. Each is one line whatever the names
 * hold: a driver or zone saved with CR/LF before the contract refused it (contract/plainText.ts)
 * shows ␍␊, and forges no line of its own.
 */
function alertLines(alert: WebhookAlert, timeZone: string): string[] {
  return describeAlert(alert, timeZone).map(visibleControls);
}

function describeAlert(alert: WebhookAlert, timeZone: string): string[] {
  const lines = [`${alert.title} (${kindLabel(alert.kind)})`, `Hora: ${when(alert.occurred_at, timeZone)}`];
  if (alert.detail) lines.push(alert.detail);
  if (alert.vehicle) lines.push(`Taxi: ${alert.vehicle.plate}`);
  if (alert.driver) lines.push(`Conductor: ${alert.driver.name}${alert.driver.phone ? `, teléfono ${alert.driver.phone}` : ''}`);
  if (alert.zone) lines.push(`Zona: ${alert.zone.name}`);
  if (alert.position) {
    const speed = alert.position.speed_kmh === null ? '' : `, ${Math.round(alert.position.speed_kmh)} km/h`;
    lines.push(`Posición: ${alert.position.lat.toFixed(5)}, ${alert.position.lng.toFixed(5)}${speed} (https://www.openstreetmap.org/?mlat=${alert.position.lat}&mlon=${alert.position.lng}#map=17/${alert.position.lat}/${alert.position.lng})`);
  }
  return lines;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const FOOTER = 'Este aviso lo envía Flota según las reglas de alertas de tu flota. No respondas a este correo.';

export function alertMail(alerts: WebhookAlert[], timeZone: string): MailContent {
  if (alerts.length === 1) {
    const [alert] = alerts;
    const lines = alertLines(alert, timeZone);
    const subject = visibleControls(`Alerta Flota: ${alert.title}${alert.vehicle ? ` · ${alert.vehicle.plate}` : ''}`);
    return {
      subject,
      text: [...lines, '', FOOTER].join('\n'),
      html: `<p><strong>${escapeHtml(lines[0])}</strong></p><p>${lines.slice(1).map(escapeHtml).join('<br>')}</p><p><small>${escapeHtml(FOOTER)}</small></p>`,
    };
  }
  const ordered = [...alerts].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
  const blocks = ordered.map((alert) => alertLines(alert, timeZone));
  const subject = `Resumen Flota: ${alerts.length} alertas en el último minuto`;
  const intro = `Se produjeron ${alerts.length} alertas en poco tiempo; van juntas en este resumen:`;
  return {
    subject,
    text: [intro, '', ...blocks.map((lines, i) => [`${i + 1}. ${lines[0]}`, ...lines.slice(1).map((line) => `   ${line}`)].join('\n')), '', FOOTER].join('\n\n'),
    html: `<p>${escapeHtml(intro)}</p><ol>${blocks.map((lines) => `<li><strong>${escapeHtml(lines[0])}</strong><br>${lines.slice(1).map(escapeHtml).join('<br>')}</li>`).join('')}</ol><p><small>${escapeHtml(FOOTER)}</small></p>`,
  };
}
