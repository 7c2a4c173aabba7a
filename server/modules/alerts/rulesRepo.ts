/**
 * Reglas: which kinds of alert (for which zones and taxis) reach the desk and which e-mail
 * addresses. A fleet's defaults are written on its first use (the alert_rule_defaults row makes it
 * once, whichever process gets there first: at start for every fleet, or on the first use of a fleet
 * made since); after that the fleet's own edits stand, deletions too.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AlertKind, AlertRule, AlertRuleInput } from '../../../contract/alerts';
import type { AlertRulesTable, Database } from '../../platform/db/schema';
import { fleetIds } from '../identity';

/** A fresh fleet: SOS and sin señal to the desk, and the zone, speed, stop, booking and maintenance alerts too. */
export const DEFAULT_RULES: readonly AlertRuleInput[] = [
  { name: 'Emergencias y sin señal', kinds: ['sos', 'no_signal', 'signal_back'], zone_ids: null, vehicle_ids: null, desk: true, email_to: [] },
  {
    name: 'Zonas, velocidad y viajes',
    kinds: ['zone_enter', 'zone_exit', 'zone_dwell', 'zone_crossing', 'speeding', 'long_stop', 'booking_unaccepted'],
    zone_ids: null,
    vehicle_ids: null,
    desk: true,
    email_to: [],
  },
  // Vencimientos (issue 34): reminders before a document expires.
  { name: 'Vencimientos', kinds: ['document_expiry'], zone_ids: null, vehicle_ids: null, desk: true, email_to: [] },
  // Migration 0027 writes this one for fleets whose defaults were already written.
  { name: 'Mantención', kinds: ['maintenance_due', 'maintenance_overdue'], zone_ids: null, vehicle_ids: null, desk: true, email_to: [] },
];

export const toRule = (row: Selectable<AlertRulesTable>): AlertRule => ({
  id: row.id,
  name: row.name,
  kinds: row.kinds as AlertKind[],
  zone_ids: row.zone_ids,
  vehicle_ids: row.vehicle_ids,
  desk: row.desk,
  email_to: row.email_to,
});

const values = (ownerId: number, rule: AlertRuleInput) => ({
  owner_id: ownerId,
  name: rule.name,
  kinds: JSON.stringify(rule.kinds),
  zone_ids: rule.zone_ids ? JSON.stringify(rule.zone_ids) : null,
  vehicle_ids: rule.vehicle_ids ? JSON.stringify(rule.vehicle_ids) : null,
  desk: rule.desk,
  email_to: JSON.stringify(rule.email_to),
});

export async function ensureDefaultRules(db: Kysely<Database>, ownerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const first = await trx.insertInto('alert_rule_defaults').values({ owner_id: ownerId }).onConflict((c) => c.column('owner_id').doNothing()).returning('owner_id').executeTakeFirst();
    if (first) await trx.insertInto('alert_rules').values(DEFAULT_RULES.map((rule) => values(ownerId, rule))).execute();
  });
}

/** At start: every fleet without its defaults gets them (so reading the rules writes nothing for them). */
export async function ensureDefaultRulesForAll(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fleets = await fleetIds(trx);
    const owners = fleets.length
      ? await trx
          .insertInto('alert_rule_defaults')
          .values(fleets.map((owner_id) => ({ owner_id })))
          .onConflict((c) => c.column('owner_id').doNothing())
          .returning('owner_id')
          .execute()
      : [];
    const rows = owners.flatMap(({ owner_id }) => DEFAULT_RULES.map((rule) => values(owner_id, rule)));
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('alert_rules').values(rows.slice(i, i + 500)).execute();
  });
}

export async function listRules(db: Kysely<Database>, ownerId: number): Promise<AlertRule[]> {
  await ensureDefaultRules(db, ownerId);
  const rows = await db.selectFrom('alert_rules').selectAll().where('owner_id', '=', ownerId).orderBy('id').execute();
  return rows.map(toRule);
}

export async function findRule(db: Kysely<Database>, ownerId: number, id: number): Promise<AlertRule | undefined> {
  const row = await db.selectFrom('alert_rules').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return row && toRule(row);
}

export async function insertRule(db: Kysely<Database>, ownerId: number, rule: AlertRuleInput): Promise<AlertRule> {
  await ensureDefaultRules(db, ownerId);
  return toRule(await db.insertInto('alert_rules').values(values(ownerId, rule)).returningAll().executeTakeFirstOrThrow());
}

export async function updateRule(db: Kysely<Database>, ownerId: number, id: number, rule: AlertRuleInput): Promise<AlertRule | undefined> {
  const row = await db.updateTable('alert_rules').set(values(ownerId, rule)).where('owner_id', '=', ownerId).where('id', '=', id).returningAll().executeTakeFirst();
  return row && toRule(row);
}

export async function deleteRule(db: Kysely<Database>, ownerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('alert_rules').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Where an alert goes: the desk if any matching rule says so, and every matching rule's addresses. */
export function routeAlert(rules: readonly AlertRule[], kind: AlertKind, zoneId: number | null, vehicleId: number | null): { desk: boolean; emailTo: string[] } {
  let desk = false;
  const emailTo = new Set<string>();
  for (const rule of rules) {
    if (!rule.kinds.includes(kind)) continue;
    if (rule.zone_ids && (zoneId === null || !rule.zone_ids.includes(zoneId))) continue;
    if (rule.vehicle_ids && (vehicleId === null || !rule.vehicle_ids.includes(vehicleId))) continue;
    desk ||= rule.desk;
    for (const address of rule.email_to) emailTo.add(address);
  }
  return { desk, emailTo: [...emailTo] };
}

/** The rules of each fleet in memory; a change in this process drops its copy, other processes' after `ttlMs`. */
export function createRulesCache(db: Kysely<Database>, ttlMs: number, now: () => number = Date.now) {
  const cache = new Map<number, { at: number; rules: Promise<AlertRule[]> }>();
  return {
    get(ownerId: number): Promise<AlertRule[]> {
      const hit = cache.get(ownerId);
      if (hit && now() - hit.at < ttlMs) return hit.rules;
      const rules = listRules(db, ownerId);
      cache.set(ownerId, { at: now(), rules });
      rules.catch(() => cache.delete(ownerId));
      return rules;
    },
    forget(ownerId: number) {
      cache.delete(ownerId);
    },
  };
}
export type RulesCache = ReturnType<typeof createRulesCache>;
