/**
 * The charge pass: writes each driver's cuotas (and ajustes) from their terms and ended shifts
 * (chargeRules.ts decides; this file reads and writes). It runs as a background pass every few
 * minutes, and for one driver as each shift ends. Every write is `insert … on conflict do nothing` on
 * the fleet's idempotency key, so a rerun, a restart or a second process on the same PostgreSQL
 * writes nothing twice (accounts/postgresCharges.test.ts runs two at once).
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { TermKind } from '../../../contract/accounts';
import { createBackgroundPass, type PassControl, type PassPacing } from '../../platform/backgroundPass';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { addDays, zonedDate, zonedTime } from '../../platform/timeZone';
import { chargesToWrite, mondayOf, type EndedShift, type PeriodEntries, type TermsRow } from './chargeRules';
import { faresByShift } from '../dispatch';
import { workingDriverIds } from '../drivers';
import { shiftSpans } from '../shifts';
import { readAccountSettings } from './settingsRepo';

/** How far back a pass looks (days): a month and a half covers the demo's month and a late correction. */
export const DEFAULT_LOOKBACK_DAYS = 45;

export interface ChargeRun {
  ownerId: number;
  /** Only these drivers (a shift just ended); all of the fleet's when left out. */
  driverIds?: readonly number[];
  /** The fleet-zone day the pass charges up to. */
  today: string;
  timeZone: string;
  lookbackDays?: number;
}

/** One fleet's charges up to `today`; resolves with how many entries it wrote. */
export async function chargeFleet(db: Kysely<Database>, run: ChargeRun): Promise<number> {
  return (await writeCharges(db, run)).length;
}

/** One fleet's charges up to `today` (in the caller's transaction, if any); resolves with the driver of each entry written. */
export async function writeCharges(db: Kysely<Database>, run: ChargeRun): Promise<number[]> {
  const settings = await readAccountSettings(db, run.ownerId);
  let termsQuery = db.selectFrom('account_terms as t').select(['t.id', 't.driver_id', 't.kind', 't.amount', 't.effective_from']).where('t.owner_id', '=', run.ownerId);
  if (run.driverIds) termsQuery = termsQuery.where('t.driver_id', 'in', run.driverIds.length ? [...run.driverIds] : [0]);
  const allTerms = await termsQuery.orderBy('t.effective_from').orderBy('t.id').execute();
  // Deleted or deactivated drivers are charged nothing more (the drivers' door says who still works).
  const working = await workingDriverIds(db, run.ownerId, [...new Set(allTerms.map((row) => row.driver_id))]);
  const termRows = allTerms.filter((row) => working.has(row.driver_id));
  if (termRows.length === 0) return [];

  const termsByDriver = new Map<number, TermsRow[]>();
  for (const row of termRows) {
    const list = termsByDriver.get(row.driver_id) ?? [];
    list.push({ id: row.id, kind: row.kind as TermKind, amount: row.amount, effective_from: row.effective_from });
    termsByDriver.set(row.driver_id, list);
  }
  const driverIds = [...termsByDriver.keys()];
  const earliest = termRows.reduce((min, row) => (row.effective_from < min ? row.effective_from : min), run.today);
  const lookbackFrom = addDays(run.today, -(run.lookbackDays ?? DEFAULT_LOOKBACK_DAYS));
  const from = earliest > lookbackFrom ? earliest : lookbackFrom;
  if (from > run.today) return [];

  // Open shifts too: a porcentaje cuota follows each finished trip (chargeRules.ts counts only ended ones for the rest).
  const shiftRows = await shiftSpans(db, run.ownerId, driverIds, zonedTime(from, 0, run.timeZone), zonedTime(addDays(run.today, 1), 0, run.timeZone));
  // Recorded fares per shift (issue 35, item 8), summed by dispatch: a porcentaje cuota charges its share.
  const faresOf = await faresByShift(db, run.ownerId, shiftRows.map((row) => row.id));
  const shiftsByDriver = new Map<number, EndedShift[]>();
  for (const row of shiftRows) {
    const list = shiftsByDriver.get(row.driver_id) ?? [];
    list.push({ id: row.id, day: zonedDate(row.start_time, run.timeZone), fares: faresOf.get(row.id) ?? 0, ended: row.end_time !== null });
    shiftsByDriver.set(row.driver_id, list);
  }

  // A week that began before the window is dated on its Monday: read from there.
  const held = await db
    .selectFrom('account_entries')
    .select([
      'driver_id',
      'period_key',
      sql<number>`sum(amount)`.as('total'),
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(max(amount) filter (where kind = 'cuota'), 0)`.as('base'),
    ])
    .where('owner_id', '=', run.ownerId)
    .where('driver_id', 'in', driverIds)
    .where('period_key', 'is not', null)
    .where('entry_date', '>=', mondayOf(from))
    .groupBy(['driver_id', 'period_key'])
    .execute();
  const heldByDriver = new Map<number, Map<string, PeriodEntries>>();
  for (const row of held) {
    const map = heldByDriver.get(row.driver_id) ?? new Map<string, PeriodEntries>();
    map.set(row.period_key as string, { total: Number(row.total), count: Number(row.count), base: Number(row.base) });
    heldByDriver.set(row.driver_id, map);
  }

  const window = { from, to: run.today, chargeDaysWithoutShift: settings.charge_days_without_shift };
  const rows = driverIds.flatMap((driverId) =>
    chargesToWrite({ driverId, terms: termsByDriver.get(driverId) ?? [], shifts: shiftsByDriver.get(driverId) ?? [], existing: heldByDriver.get(driverId) ?? new Map() }, window).map(
      (charge) => ({
        owner_id: run.ownerId,
        driver_id: driverId,
        kind: charge.kind,
        amount: charge.amount,
        entry_date: charge.date,
        period_key: charge.periodKey,
        terms_id: charge.termsId,
        idempotency_key: charge.idempotencyKey,
        reason: charge.kind === 'ajuste' ? ajusteReason(charge.periodKey) : null,
      }),
    ),
  );
  const written: number[] = [];
  // Batches keep one statement's parameters well under PostgreSQL's 65,535.
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db
      .insertInto('account_entries')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) => oc.columns(['owner_id', 'idempotency_key']).doNothing())
      .returning('driver_id')
      .execute();
    written.push(...inserted.map((row) => row.driver_id));
  }
  return written;
}

/** Why Flota adjusted a period: its shifts changed, or (porcentaje) its trips' fares did. */
const ajusteReason = (periodKey: string) => (periodKey.startsWith('tarifas:') ? 'Las tarifas del turno cambiaron' : 'Los turnos del período cambiaron');

/** Drivers whose account just changed, by fleet (they hear account_changed). */
export type AccountsChanged = (ownerId: number, driverIds: readonly number[]) => void;

/** Every fleet with terms. */
export async function chargeAllFleets(db: Kysely<Database>, today: string, timeZone: string, control?: PassControl, lookbackDays?: number, changed?: AccountsChanged): Promise<number> {
  const owners = await db.selectFrom('account_terms').select('owner_id').distinct().execute();
  let written = 0;
  for (const { owner_id } of owners) {
    if (control?.stopped()) break;
    const drivers = await writeCharges(db, { ownerId: owner_id, today, timeZone, lookbackDays });
    written += drivers.length;
    if (drivers.length) changed?.(owner_id, [...new Set(drivers)]);
    await control?.breathe();
  }
  return written;
}

export interface ChargePassOptions extends PassPacing {
  lookbackDays: number;
}

export const DEFAULT_CHARGE_PASS: Readonly<ChargePassOptions> = Object.freeze({ startDelayMs: 3000, recheckMs: 5 * 60_000, dutyCycle: 0.25, lookbackDays: DEFAULT_LOOKBACK_DAYS });

export function createChargePass(db: Kysely<Database>, log: FastifyBaseLogger, clock: Clock, timeZone: string, given: Partial<ChargePassOptions> = {}, changed?: AccountsChanged) {
  const options = { ...DEFAULT_CHARGE_PASS, ...given };
  const pass = async (control: PassControl) => {
    const written = await chargeAllFleets(db, zonedDate(clock.now(), timeZone), timeZone, control, options.lookbackDays, changed);
    if (written > 0) log.info({ written }, 'Cuentas: cuotas registradas');
    return written;
  };
  const background = createBackgroundPass('Cuentas', log, options, pass);
  return {
    start: background.start,
    runOnce: background.runOnce,
    stop: background.stop,
    /** A shift just ended: its driver's charges now, paced like the pass. */
    chargeDriver(ownerId: number, driverId: number) {
      background.alongside(async () => {
        const written = await writeCharges(db, { ownerId, driverIds: [driverId], today: zonedDate(clock.now(), timeZone), timeZone, lookbackDays: options.lookbackDays });
        if (written.length) changed?.(ownerId, [driverId]);
        return written.length;
      });
    },
  };
}

export type ChargePass = ReturnType<typeof createChargePass>;
