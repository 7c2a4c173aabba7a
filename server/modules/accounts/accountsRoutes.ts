/**
 * The desk's accounts routes: balances, a driver's account, terms, payments and charges, reversals,
 * the estado de cuenta, the cierre del día and the fleet's settings. Every change writes its entry and
 * its line in Actividad in one transaction; entries are only ever inserted.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  AccountMessages,
  chargeKinds,
  idempotencyKeyField,
  type BalancesResponse,
  type ClosingResponse,
  type DriverAccountResponse,
  type EntryResponse,
  type StatementResponse,
} from '../../../contract/api';
import { recordActivity } from '../desk';
import { driverNames } from '../drivers';
import { ownerId, signedInUser } from '../identity';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { zonedDate } from '../../platform/timeZone';
import { accountOf, fleetBalances } from './balances';
import type { AccountEvents } from './events';
import { findEntry, findEntryByKey, insertEntryOnce, termsQuery, toEntry, toTerms, type NewEntry } from './ledgerRepo';
import { dayClosing, statementEntries } from './reportsRepo';
import type { RouteApp } from '../../platform/routeSpec';
import { routeSpecs } from './routeSpecs';
import { readAccountSettings, writeAccountSettings } from './settingsRepo';

interface Options {
  prefix: string;
  db: Kysely<Database>;
  clock: Clock;
  timeZone: string;
  /** The driver's phones hear each entry stored (account_changed). */
  events: AccountEvents;
}

async function findDriver(db: Kysely<Database>, owner: number, id: number) {
  const [driver] = await driverNames(db, owner, { ids: [id] });
  if (!driver) throw new HttpError(404, AccountMessages.driverNotFound);
  return driver;
}

/** The request's idempotency key: the header first, then the body's; none → a key of its own (not idempotent). */
function idempotencyKey(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return fromBody;
  const parsed = idempotencyKeyField.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) throw new HttpError(400, AccountMessages.idempotencyKey, { idempotency_key: AccountMessages.idempotencyKey });
  return parsed.data;
}

const driverLabel = (driver: { first_name: string; last_name: string }) => `${driver.first_name} ${driver.last_name}`;

/** What the groups of account routes share: the fleet day and the once-only entry write. */
function accountHelpers({ db, clock, timeZone, events }: Options) {
  const today = () => zonedDate(clock.now(), timeZone);

  /** Inserts once under its key, with its Actividad line; a repeat answers the stored entry (200), a reused key for another entry 409. */
  async function recordEntry(request: FastifyRequest, reply: { code(status: number): unknown }, entry: NewEntry, label: string): Promise<EntryResponse> {
    const same = (stored: { driver_id: number; kind: string; amount: number; reverses_id: number | null }) =>
      stored.driver_id === entry.driver_id && stored.kind === entry.kind && Number(stored.amount) === entry.amount && (stored.reverses_id === null ? null : Number(stored.reverses_id)) === entry.reverses_id;
    const id = await db.transaction().execute(async (trx) => {
      const inserted = await insertEntryOnce(trx, entry);
      if (inserted !== null) {
        await recordActivity(trx, request, {
          entity: 'account_entry',
          entityId: inserted,
          label,
          action: 'created',
          after: { kind: entry.kind, amount: entry.amount, date: entry.entry_date, reason: entry.reason, reference: entry.reference, reverses_id: entry.reverses_id },
        });
      }
      return inserted;
    });
    const stored = await findEntryByKey(db, entry.owner_id, entry.idempotency_key);
    if (id === null) {
      // The key was there already (a double click, a retried request, another desk): the stored one, if it is this same entry.
      if (stored && same(stored)) reply.code(200);
      else if (entry.reverses_id !== null) throw new HttpError(409, AccountMessages.alreadyReversed);
      else throw new HttpError(409, AccountMessages.idempotencyReused);
    } else {
      reply.code(201);
      events.changed(entry.owner_id, [entry.driver_id]);
    }
    if (!stored) throw new HttpError(409, AccountMessages.idempotencyReused);
    const account = await accountOf(db, entry.owner_id, entry.driver_id, today());
    return { entry: toEntry(stored), balance: account.balance };
  }

  return { db, clock, timeZone, events, today, recordEntry };
}

type Helpers = ReturnType<typeof accountHelpers>;

/** Balances, a driver account and its terms. */
function driverAccountRoutes(app: RouteApp, { db, today }: Helpers) {
  app.get('/accounts/balances', routeSpecs.balances, async (request): Promise<BalancesResponse> => fleetBalances(db, ownerId(request), today()));

  app.get('/accounts/drivers/:id', routeSpecs.driverAccount, async (request): Promise<DriverAccountResponse> => {
    const owner = ownerId(request);
    const driver = await findDriver(db, owner, idParam(request.params, AccountMessages.driverNotFound));
    const account = await accountOf(db, owner, driver.id, today(), 100);
    const history = await termsQuery(db, owner).where('driver_id', '=', driver.id).orderBy('effective_from', 'desc').orderBy('id', 'desc').execute();
    return {
      account: { driver_id: driver.id, first_name: driver.first_name, last_name: driver.last_name, balance: account.balance, days_behind: account.days_behind, terms: account.terms },
      terms_history: history.map(toTerms),
      entries: account.entries,
    };
  });

  app.post('/accounts/drivers/:id/terms', routeSpecs.createTerms, async (request, reply) => {
    const owner = ownerId(request);
    const driver = await findDriver(db, owner, idParam(request.params, AccountMessages.driverNotFound));
    const body = request.body;
    if (body.effective_from < today()) throw new HttpError(400, AccountMessages.effectiveInPast, { effective_from: AccountMessages.effectiveInPast });
    const user = signedInUser(request);
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('account_terms')
        .values({ owner_id: owner, driver_id: driver.id, kind: body.kind, amount: body.amount, effective_from: body.effective_from, actor_name: user.name })
        .returning(['id', 'driver_id', 'kind', 'amount', 'effective_from', 'actor_name', 'created_at'])
        .executeTakeFirstOrThrow();
      await recordActivity(trx, request, { entity: 'account_terms', entityId: inserted.id, label: driverLabel(driver), action: 'created', after: { kind: body.kind, amount: body.amount, effective_from: body.effective_from } });
      return inserted;
    });
    reply.code(201);
    return { terms: toTerms(row) };
  });
}

/** Charges, credits and their reversals, each once under its key. */
function entryRoutes(app: RouteApp, { db, today, recordEntry }: Helpers) {
  app.post('/accounts/drivers/:id/entries', routeSpecs.createEntry, async (request, reply): Promise<EntryResponse> => {
    const owner = ownerId(request);
    const driver = await findDriver(db, owner, idParam(request.params, AccountMessages.driverNotFound));
    const body = request.body;
    const user = signedInUser(request);
    const isCharge = (chargeKinds as readonly string[]).includes(body.kind);
    if (isCharge && user.role === 'operador') throw new HttpError(403, AccountMessages.chargesForManagers);
    const key = idempotencyKey(request, body.idempotency_key);
    return recordEntry(
      request,
      reply,
      {
        owner_id: owner,
        driver_id: driver.id,
        kind: body.kind,
        amount: isCharge ? body.amount : -body.amount,
        entry_date: today(),
        reason: body.reason || null,
        reference: body.reference || null,
        reverses_id: null,
        idempotency_key: key ? `desk:${key}` : `desk:${crypto.randomUUID()}`,
        actor_role: user.role,
        actor_id: user.id,
        actor_name: user.name,
      },
      driverLabel(driver),
    );
  });

  app.post('/accounts/entries/:id/reverse', routeSpecs.reverseEntry, async (request, reply): Promise<EntryResponse> => {
    const owner = ownerId(request);
    const original = await findEntry(db, owner, idParam(request.params, AccountMessages.entryNotFound));
    if (!original) throw new HttpError(404, AccountMessages.entryNotFound);
    const body = request.body;
    if (original.kind === 'reversa') throw new HttpError(409, AccountMessages.reversalOfReversal);
    const driver = await findDriver(db, owner, original.driver_id);
    const user = signedInUser(request);
    const key = idempotencyKey(request, body.idempotency_key);
    return recordEntry(
      request,
      reply,
      {
        owner_id: owner,
        driver_id: original.driver_id,
        kind: 'reversa',
        amount: -Number(original.amount),
        entry_date: today(),
        reason: body.reason,
        reference: null,
        reverses_id: Number(original.id),
        idempotency_key: key ? `desk:${key}` : `reverse:${original.id}`,
        actor_role: user.role,
        actor_id: user.id,
        actor_name: user.name,
      },
      driverLabel(driver),
    );
  });
}

/** The estado de cuenta, the cierre del día and the fleet settings. */
function statementRoutes(app: RouteApp, { db, today }: Helpers) {
  app.get('/accounts/drivers/:id/statement', routeSpecs.statement, async (request): Promise<StatementResponse> => {
    const owner = ownerId(request);
    const driver = await findDriver(db, owner, idParam(request.params, AccountMessages.driverNotFound));
    const query = request.query;
    return { driver, from: query.from, to: query.to, ...(await statementEntries(db, owner, driver.id, query.from, query.to)) };
  });

  app.get('/accounts/closing', routeSpecs.closing, async (request): Promise<ClosingResponse> => {
    const query = request.query;
    return dayClosing(db, ownerId(request), query.date ?? today());
  });

  app.get('/accounts/settings', routeSpecs.settings, async (request) => ({ settings: await readAccountSettings(db, ownerId(request)) }));

  app.put('/accounts/settings', routeSpecs.updateSettings, async (request) => {
    const owner = ownerId(request);
    const body = request.body;
    const before = await readAccountSettings(db, owner);
    await db.transaction().execute(async (trx) => {
      await writeAccountSettings(trx, owner, body);
      await recordActivity(trx, request, { entity: 'account_settings', entityId: null, label: 'Cuentas', action: 'updated', before, after: body });
    });
    return { settings: body };
  });
}

export const accountsRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const helpers = accountHelpers(options);
  driverAccountRoutes(app, helpers);
  entryRoutes(app, helpers);
  statementRoutes(app, helpers);
};
