/**
 * Cuentas' side of the fake server: a small ledger in memory behaving like the real one for what the
 * desk's screens ask (contract/accounts.ts): balances from the entries, a driver's account, terms
 * refused or kept with the contract's schema, entries stored once per Idempotency-Key, reversals,
 * the estado de cuenta of a period with its running balance, the cierre del día, the fleet's settings
 * and the taxímetro tariff. What the page sent (with the key) is in `requests`.
 */
import { http, HttpResponse } from 'msw';
import { AccountMessages, entryCreateSchema, termsCreateSchema, type AccountEntry, type AccountSettings, type ClosingResponse, type Terms } from '../../contract/accounts';
import type { FareTariff } from '../../contract/fares';
import { API, authorized, unauthorized } from './apiEdge';
import { server } from './mswServer';

export interface LedgerDriver {
  id: number;
  first_name: string;
  last_name: string;
  rut: string;
  days_behind: number;
}

export interface AccountsRequest {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

export const rosa: LedgerDriver = { id: 7, first_name: 'Rosa', last_name: 'Cuevas', rut: '187654327', days_behind: 0 };
export const tomas: LedgerDriver = { id: 8, first_name: 'Tomás', last_name: 'Fuentes', rut: '150000013', days_behind: 5 };
export const ana: LedgerDriver = { id: 9, first_name: 'Ana', last_name: 'Soto', rut: '760864285', days_behind: 0 };

export function makeEntry(overrides: Partial<AccountEntry> & Pick<AccountEntry, 'id' | 'driver_id' | 'kind' | 'amount' | 'date'>): AccountEntry {
  return { reason: null, reference: null, reverses_id: null, reversed_by_id: null, period: null, recorded_by: null, recorded_role: null, created_at: `${overrides.date}T15:00:00.000Z`, ...overrides };
}

export function makeTerms(overrides: Partial<Terms> & Pick<Terms, 'kind' | 'amount'>): Terms {
  return { id: 1, effective_from: '2026-11-01', recorded_by: 'Carolina Muñoz', created_at: '2026-11-01T12:00:00.000Z', ...overrides };
}

export interface LedgerSetup {
  drivers?: LedgerDriver[];
  entries?: AccountEntry[];
  termsOf?: Record<number, Terms[]>;
  settings?: AccountSettings;
  tariff?: FareTariff;
  closing?: (date: string) => ClosingResponse;
  /** Who records (the desk user the server sees). */
  recordedBy?: string;
  /** The day the server writes entries on (the fleet's today). */
  today: string;
}

const bad = (error: string) => HttpResponse.json({ error }, { status: 400 });

export function serveLedger(setup: LedgerSetup) {
  const drivers = setup.drivers ?? [rosa, tomas];
  let entries = [...(setup.entries ?? [])];
  const termsOf = new Map<number, Terms[]>(Object.entries(setup.termsOf ?? {}).map(([id, list]) => [Number(id), [...list]]));
  let settings: AccountSettings = setup.settings ?? { charge_days_without_shift: false, behind_days_alert: 3 };
  let tariff: FareTariff = setup.tariff ?? { enabled: false, flag_down: 0, step: 0 };
  const byKey = new Map<string, AccountEntry>();
  const requests: AccountsRequest[] = [];
  const recordedBy = setup.recordedBy ?? 'Carolina Muñoz';

  const balanceOf = (driverId: number) => entries.filter((entry) => entry.driver_id === driverId).reduce((sum, entry) => sum + entry.amount, 0);
  const currentTerms = (driverId: number) => termsOf.get(driverId)?.at(-1) ?? null;
  const account = (driver: LedgerDriver) => ({ driver_id: driver.id, first_name: driver.first_name, last_name: driver.last_name, balance: balanceOf(driver.id), days_behind: driver.days_behind, terms: currentTerms(driver.id) });
  const driverOf = (id: unknown) => drivers.find((driver) => driver.id === Number(id));
  const nextId = () => Math.max(100, ...entries.map((entry) => entry.id)) + 1;

  async function record(request: Request) {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    requests.push({ method: request.method, path: new URL(request.url).pathname.replace(/^\/api/, ''), key: request.headers.get('Idempotency-Key'), body: text ? JSON.parse(text) : null });
  }
  /** Records the request and checks the session, like the server's access guard. */
  const guarded =
    (handler: (args: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => Response | Promise<Response>) =>
    async (args: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      await record(args.request);
      return authorized(args.request) ? handler(args) : unauthorized();
    };

  server.use(
    http.get(
      `${API}/accounts/balances`,
      guarded(() => {
        const balances = drivers.map(account);
        return HttpResponse.json({ balances: [...balances].sort((a, b) => b.balance - a.balance), total_owed: balances.reduce((sum, row) => sum + Math.max(0, row.balance), 0), behind_days_alert: settings.behind_days_alert });
      }),
    ),
    http.get(
      `${API}/accounts/drivers/:id`,
      guarded(({ params }) => {
        const driver = driverOf(params.id);
        if (!driver) return HttpResponse.json({ error: AccountMessages.driverNotFound }, { status: 404 });
        const mine = entries.filter((entry) => entry.driver_id === driver.id).sort((a, b) => b.id - a.id);
        return HttpResponse.json({ account: account(driver), terms_history: [...(termsOf.get(driver.id) ?? [])].reverse(), entries: mine });
      }),
    ),
    http.post(
      `${API}/accounts/drivers/:id/terms`,
      guarded(async ({ request, params }) => {
        const parsed = termsCreateSchema.safeParse(await request.json());
        if (!parsed.success) return bad(parsed.error.issues[0].message);
        const terms: Terms = { id: 10 + (termsOf.get(Number(params.id))?.length ?? 0), ...parsed.data, recorded_by: recordedBy, created_at: `${setup.today}T15:00:00.000Z` };
        termsOf.set(Number(params.id), [...(termsOf.get(Number(params.id)) ?? []), terms]);
        return HttpResponse.json({ terms }, { status: 201 });
      }),
    ),
    http.post(
      `${API}/accounts/drivers/:id/entries`,
      guarded(async ({ request, params }) => {
        const key = request.headers.get('Idempotency-Key');
        const stored = key ? byKey.get(key) : undefined;
        if (stored) return HttpResponse.json({ entry: stored, balance: balanceOf(stored.driver_id) }, { status: 201 });
        const parsed = entryCreateSchema.safeParse(await request.json());
        if (!parsed.success) return bad(parsed.error.issues[0].message);
        const { kind, amount, reason, reference } = parsed.data;
        const charge = !['efectivo', 'transferencia', 'descuento'].includes(kind);
        const entry = makeEntry({ id: nextId(), driver_id: Number(params.id), kind, amount: charge ? amount : -amount, date: setup.today, reason: reason ?? null, reference: reference ?? null, recorded_by: recordedBy, recorded_role: 'dueño' });
        entries = [...entries, entry];
        if (key) byKey.set(key, entry);
        return HttpResponse.json({ entry, balance: balanceOf(entry.driver_id) }, { status: 201 });
      }),
    ),
    http.post(
      `${API}/accounts/entries/:id/reverse`,
      guarded(async ({ request, params }) => {
        const original = entries.find((entry) => entry.id === Number(params.id));
        if (!original) return HttpResponse.json({ error: AccountMessages.entryNotFound }, { status: 404 });
        if (original.reversed_by_id !== null) return HttpResponse.json({ error: AccountMessages.alreadyReversed }, { status: 409 });
        const { reason } = (await request.json()) as { reason: string };
        const reversal = makeEntry({ id: nextId(), driver_id: original.driver_id, kind: 'reversa', amount: -original.amount, date: setup.today, reason, reverses_id: original.id, recorded_by: recordedBy });
        entries = [...entries.map((entry) => (entry.id === original.id ? { ...entry, reversed_by_id: reversal.id } : entry)), reversal];
        return HttpResponse.json({ entry: reversal, balance: balanceOf(original.driver_id) }, { status: 201 });
      }),
    ),
    http.get(
      `${API}/accounts/drivers/:id/statement`,
      guarded(({ request, params }) => {
        const driver = driverOf(params.id) as LedgerDriver;
        const query = new URL(request.url).searchParams;
        const [from, to] = [query.get('from') ?? '', query.get('to') ?? ''];
        const mine = entries.filter((entry) => entry.driver_id === driver.id).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
        const opening = mine.filter((entry) => entry.date < from).reduce((sum, entry) => sum + entry.amount, 0);
        let running = opening;
        const inPeriod = mine.filter((entry) => entry.date >= from && entry.date <= to).map((entry) => ({ ...entry, balance: (running += entry.amount) }));
        const charges = inPeriod.filter((entry) => entry.amount > 0).reduce((sum, entry) => sum + entry.amount, 0);
        return HttpResponse.json({ driver: { id: driver.id, first_name: driver.first_name, last_name: driver.last_name, rut: driver.rut }, from, to, opening_balance: opening, entries: inPeriod, charges_total: charges, payments_total: charges - (running - opening), closing_balance: running });
      }),
    ),
    http.get(
      `${API}/accounts/closing`,
      guarded(({ request }) => {
        const date = new URL(request.url).searchParams.get('date') ?? setup.today;
        return HttpResponse.json(setup.closing?.(date) ?? { date, charges: [], charges_total: 0, collections: [], collections_total: 0, by_user: [], expected_cash: 0 });
      }),
    ),
    http.get(`${API}/accounts/settings`, guarded(() => HttpResponse.json({ settings }))),
    http.put(
      `${API}/accounts/settings`,
      guarded(async ({ request }) => {
        const body = (await request.json()) as AccountSettings;
        if (!Number.isInteger(body.behind_days_alert) || body.behind_days_alert < 1 || body.behind_days_alert > 365) return bad(AccountMessages.behindDays);
        settings = body;
        return HttpResponse.json({ settings });
      }),
    ),
    http.get(`${API}/dispatch/fare-tariff`, guarded(() => HttpResponse.json({ tariff }))),
    http.put(
      `${API}/dispatch/fare-tariff`,
      guarded(async ({ request }) => {
        tariff = (await request.json()) as FareTariff;
        return HttpResponse.json({ tariff });
      }),
    ),
  );
  return {
    requests,
    /** The requests of one method and path ("POST /accounts/drivers/7/entries"). */
    sent: (methodAndPath: string) => requests.filter((request) => `${request.method} ${request.path}` === methodAndPath),
    /** The entries as the ledger holds them. */
    entries: () => entries,
  };
}
