/**
 * The outbox's rows: written inside the caller's transaction, claimed by one process at a time,
 * settled after each attempt. Every time is the server's clock (platform/clock.ts), passed in.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, NotificationOutboxTable } from '../../platform/db/schema';

export type Db = Kysely<Database> | Transaction<Database>;
export type OutboxRow = Selectable<NotificationOutboxTable>;

export interface NewOutboxRow {
  owner_id: number;
  channel: 'webhook' | 'email';
  endpoint_id?: number | null;
  recipient?: string | null;
  event_id: string;
  event_type: string;
  body: string;
  next_attempt_at: Date;
  created_at: Date;
}

export async function insertOutboxRows(db: Db, rows: NewOutboxRow[]): Promise<OutboxRow[]> {
  if (!rows.length) return [];
  return db.insertInto('notification_outbox').values(rows).returningAll().execute();
}

/**
 * Takes up to `limit` due rows for this process: each gets a lease until `leaseUntil` and its
 * attempt counted now, in one statement. `for update skip locked`: two processes never take the
 * same row; a row whose lease ran out (its process died mid-delivery) is due again.
 */
export async function claimDueRows(db: Kysely<Database>, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const { rows } = await sql<OutboxRow>`
    update notification_outbox set locked_until = ${leaseUntil}, attempts = attempts + 1, last_attempt_at = ${now}
    where id in (
      select id from notification_outbox
      where status = 'pending' and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning *`.execute(db);
  return rows;
}

export interface Outcome {
  ok: boolean;
  /** A failure that another attempt will not fix (a 4xx answer, a refused address). */
  permanent: boolean;
  statusCode: number | null;
  error: string | null;
}

/** Delivered, failed for good, or due again at `retryAt`; the lease is released. Only the lease holder settles (attempts match). */
export async function settleRow(db: Kysely<Database>, row: OutboxRow, outcome: Outcome, now: Date, retryAt: Date | null): Promise<void> {
  const status = outcome.ok ? 'delivered' : retryAt ? 'pending' : 'failed';
  await db
    .updateTable('notification_outbox')
    .set({
      status,
      locked_until: null,
      last_status_code: outcome.statusCode,
      last_error: outcome.error?.slice(0, 500) ?? null,
      delivered_at: outcome.ok ? now : null,
      ...(retryAt ? { next_attempt_at: retryAt } : {}),
    })
    .where('id', '=', row.id)
    .where('attempts', '=', row.attempts)
    .where('status', '=', 'pending')
    .execute();
}

/** The e-mail rows to one recipient that were written within `windowMs` before `now` (the digest's rule). */
export async function recentEmailRows(db: Db, ownerId: number, recipient: string, since: Date): Promise<{ next_attempt_at: Date; status: string }[]> {
  return db
    .selectFrom('notification_outbox')
    .select(['next_attempt_at', 'status'])
    .where('channel', '=', 'email')
    .where('owner_id', '=', ownerId)
    .where('recipient', '=', recipient)
    .where('created_at', '>=', since)
    .execute();
}
