/**
 * The activity log's one entry point. Any route that changes something a fleet cares about adds
 * one line, inside its transaction when it has one:
 *
 *   await recordActivity(trx, request, { entity: 'driver', entityId: id, label, action: 'updated', before, after });
 *
 * It stores who (from request.user), what, the changed fields before → after, when (the database
 * clock) and from which address (request.ip). Secrets are never written: any field whose name
 * speaks of a password, hash, token or device identifier is dropped before diffing.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ActivityEntity } from '../../../contract/entities';
import { signedInUser } from '../identity';
import type { Database } from '../../platform/db/schema';

export type ActivityAction = 'created' | 'updated' | 'deleted' | 'deactivated' | 'reactivated' | 'password_reset' | 'regenerated' | 'ended' | 'acknowledged' | 'assigned_despite_documents' | 'muted' | 'unmuted';

export interface ActivityChange {
  entity: ActivityEntity;
  entityId: number | null;
  /** How the record reads to a person (a name, a plate): kept as it was at the time. */
  label: string;
  action: ActivityAction;
  /** The record before the change (null when created). */
  before?: object | null;
  /** The record after the change (null when deleted). */
  after?: object | null;
  /** A password was set: recorded as the fact "password_changed", never the password. */
  passwordChanged?: boolean;
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

// A device identifier is a phone's credential: its value is never logged either.
const SECRET = /password|hash|token|secret|device_id/i;
/** Bookkeeping fields that say nothing to a reader. */
const IGNORED = new Set(['id', 'created_at', 'updated_at', 'deleted_at']);

/** The fields that differ between two versions of a record, secrets left out. */
export function changedFields(before: object | null | undefined, after: object | null | undefined): FieldChanges {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const changes: FieldChanges = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (SECRET.test(key) || IGNORED.has(key)) continue;
    const was = a[key] ?? null;
    const is = b[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was, after: is };
  }
  return changes;
}

/** Who made a change, as Actividad keeps it: the desk person, their fleet and role, and the address it came from. */
export interface ActivityAuthor {
  ownerId: number;
  role: string;
  id: number;
  name: string;
  ip: string | null;
}

/** The signed-in desk person behind a request, as Actividad records them (a service writes with it, no request needed). */
export function activityAuthor(request: FastifyRequest): ActivityAuthor {
  const user = signedInUser(request);
  return { ownerId: user.ownerId, role: user.role, id: user.id, name: user.name, ip: request.ip ?? null };
}

export async function recordActivity(db: Kysely<Database>, request: FastifyRequest, change: ActivityChange): Promise<void> {
  await recordActivityBy(db, activityAuthor(request), change);
}

/** The same entry from a service, which holds the author rather than the request. */
export async function recordActivityBy(db: Kysely<Database>, author: ActivityAuthor, change: ActivityChange): Promise<void> {
  await db
    .insertInto('activity_log')
    .values({
      owner_id: author.ownerId,
      actor_role: author.role,
      actor_id: author.id,
      actor_name: author.name,
      entity: change.entity,
      entity_id: change.entityId,
      entity_label: change.label,
      action: change.action,
      changes: JSON.stringify({
        ...changedFields(change.before, change.after),
        ...(change.passwordChanged ? { password_changed: { before: false, after: true } } : {}),
      }),
      ip: author.ip,
    })
    .execute();
}
