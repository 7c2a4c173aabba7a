/**
 * Vencimientos' reminders (issue 34), raised as alerts: inbox, e-mail and webhooks come with them.
 * A threshold (30, 15, 7, 1 days before, and the day itself, per fleet) comes due at the fleet's
 * reminder hour on its local day (TZ_FLEET, so a daylight-saving change moves the UTC instant, not
 * the hour). Each pass raises, for each current document, the most recent threshold already due;
 * the alert's episode key names the document, its expiry date and the threshold, and the alerts'
 * unique episode index stores it once: a restart, a second process or a pass run twice adds nothing.
 * A renewed document has another date, so its thresholds start again.
 */
import type { Kysely } from 'kysely';
import type { AlertRule } from '../../../contract/alerts';
import type { PassControl } from '../../platform/backgroundPass';
import type { Expiry } from '../../../contract/documents';
import { currentExpiries, readDocumentSettings } from '../documents';
import { fleetIds } from '../identity';
import type { Database } from '../../platform/db/schema';
import { addDays, zonedDate, zonedTime } from '../../platform/timeZone';
import type { AlertRow } from './alertsRepo';
import { raiseNow, type Raiser, type UnroutedAlert } from './raise';

export interface DocumentRemindersOptions {
  db: Kysely<Database>;
  raiser: Raiser;
  rules: { get(ownerId: number): Promise<AlertRule[]> };
  timeZone: string;
}

/** "vence hoy", "vence mañana", "vence en 5 días", "venció el 18/10/2026". */
export function reminderWhen(item: Pick<Expiry, 'days_left' | 'expires_on'>): string {
  const [y, m, d] = item.expires_on.split('-');
  if (item.days_left < 0) return `venció el ${d}/${m}/${y}`;
  if (item.days_left === 0) return `vence hoy (${d}/${m}/${y})`;
  if (item.days_left === 1) return `vence mañana (${d}/${m}/${y})`;
  return `vence en ${item.days_left} días (${d}/${m}/${y})`;
}

/** The smallest threshold whose moment (its local day at `hour`) has come: the reminder due now, or null. */
export function dueThreshold(expiresOn: string, thresholds: readonly number[], hour: number, now: Date, timeZone: string): number | null {
  const due = [...thresholds].sort((a, b) => a - b).find((days) => zonedTime(addDays(expiresOn, -days), hour * 60, timeZone).getTime() <= now.getTime());
  return due ?? null;
}

function reminderAlert(ownerId: number, item: Expiry, threshold: number, now: Date): UnroutedAlert {
  const whose = item.subject === 'vehicle' ? `del taxi ${item.name}` : `de ${item.name}`;
  return {
    ownerId,
    kind: 'document_expiry',
    key: `document:${item.subject}:${item.vehicle_id ?? item.driver_id}:${item.kind}:${item.label.toLowerCase()}:${item.expires_on}:${threshold}`,
    occurredAt: now,
    title: `${item.label} ${whose} ${reminderWhen(item)}`,
    // Said as it stands when raised: a reminder before the date must not read as if it had expired.
    detail: !item.required ? null : item.days_left < 0 ? 'Documento obligatorio vencido: Despacho no ofrece viajes a este taxi o conductor.' : 'Documento obligatorio: al vencer, Despacho dejará de ofrecer viajes a este taxi o conductor.',
    shiftId: null,
    driver: item.driver_id !== null ? { id: item.driver_id, name: item.name, phone: null } : null,
    vehicle: item.vehicle_id !== null ? { id: item.vehicle_id, plate: item.name } : null,
    zone: null,
    position: null,
  };
}

export function createDocumentReminders({ db, raiser, rules, timeZone }: DocumentRemindersOptions) {
  return {
    /** One pass over every fleet (one fleet a turn of the pass): the reminders due at `now` not stored yet. Returns the alerts stored. */
    async run(now: Date, control?: PassControl): Promise<AlertRow[]> {
      const today = zonedDate(now, timeZone);
      const fleets = await fleetIds(db);
      const stored: AlertRow[] = [];
      for (const ownerId of fleets) {
        const settings = await readDocumentSettings(db, ownerId);
        if (!settings.reminder_days.length) continue;
        const horizon = addDays(today, Math.max(...settings.reminder_days));
        const alerts = (await currentExpiries(db, ownerId, today, horizon)).flatMap((item) => {
          const threshold = dueThreshold(item.expires_on, settings.reminder_days, settings.reminder_hour, now, timeZone);
          return threshold === null ? [] : [reminderAlert(ownerId, item, threshold, now)];
        });
        if (alerts.length) stored.push(...(await raiseNow(db, raiser, await rules.get(ownerId), alerts)));
        if (control?.stopped()) break;
        await control?.breathe();
      }
      return stored;
    },
  };
}
export type DocumentReminders = ReturnType<typeof createDocumentReminders>;
