/** Balances as the screens show them: the ledger's sums, the days behind, and the terms in effect today. */
import type { Kysely } from 'kysely';
import type { AccountEntry, BalancesResponse, Terms } from '../../../contract/accounts';
import type { Database } from '../../platform/db/schema';
import { driverNames } from '../drivers';
import { balances, currentTerms, lastEntries } from './ledgerRepo';
import { readAccountSettings } from './settingsRepo';

/** Whole days from one fleet-zone day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / 86_400_000);
}

const daysBehind = (owedSince: string | null, today: string) => (owedSince ? Math.max(0, daysBetween(owedSince, today)) : 0);

/** Every live driver of the fleet with their balance, most owed first. */
export async function fleetBalances(db: Kysely<Database>, ownerId: number, today: string): Promise<BalancesResponse> {
  const [drivers, sums, terms, settings] = await Promise.all([
    driverNames(db, ownerId, { live: true }),
    balances(db, ownerId),
    currentTerms(db, ownerId, today),
    readAccountSettings(db, ownerId),
  ]);
  const byDriver = new Map(sums.map((row) => [row.driver_id, row]));
  const list = drivers.map((driver) => {
    const sum = byDriver.get(driver.id);
    return {
      driver_id: driver.id,
      first_name: driver.first_name,
      last_name: driver.last_name,
      balance: sum?.balance ?? 0,
      days_behind: daysBehind(sum?.owed_since ?? null, today),
      terms: terms.get(driver.id) ?? null,
    };
  });
  list.sort((a, b) => b.balance - a.balance || a.last_name.localeCompare(b.last_name) || a.driver_id - b.driver_id);
  return { balances: list, total_owed: list.reduce((sum, row) => sum + Math.max(0, row.balance), 0), behind_days_alert: settings.behind_days_alert };
}

export interface OneAccount {
  balance: number;
  days_behind: number;
  terms: Terms | null;
  entries: AccountEntry[];
}

export async function accountOf(db: Kysely<Database>, ownerId: number, driverId: number, today: string, entries = 0): Promise<OneAccount> {
  const [sum] = await balances(db, ownerId, { driverId });
  const terms = await currentTerms(db, ownerId, today, driverId);
  return {
    balance: sum?.balance ?? 0,
    days_behind: daysBehind(sum?.owed_since ?? null, today),
    terms: terms.get(driverId) ?? null,
    entries: entries > 0 ? await lastEntries(db, ownerId, driverId, entries) : [],
  };
}
