/**
 * Tracking links as stored (migration 0023). One per booking, made once: a second assignment of
 * the same booking keeps the link the passenger already has. The token is 18 random bytes
 * (144 bits) in base64url: nothing about the booking can be read from it or guessed.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { requestPath } from '../../../contract/taxiRequestWords';
import { trackingPath, type StoredTrackingSettings, type TrackingLink, type TrackingSettings } from '../../../contract/tracking';
import type { Database } from '../../platform/db/schema';
import { fleetFace } from '../identity';

export const newToken = (): string => randomBytes(18).toString('base64url');

/** What a token may look like: anything else is refused before the database is asked. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{24}$/;

type Db = Kysely<Database>;

function toLink(row: { booking_id: number; token: string; created_at: Date; revoked_at: Date | null }): TrackingLink {
  return {
    booking_id: row.booking_id,
    token: row.token,
    path: trackingPath(row.token),
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** The booking's link, made now when it has none (true: made by this call). */
export async function ensureLink(db: Db, ownerId: number, bookingId: number): Promise<boolean> {
  const made = await db
    .insertInto('tracking_links')
    .values({ booking_id: bookingId, owner_id: ownerId, token: newToken() })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .executeTakeFirst();
  return Number(made.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findLink(db: Db, ownerId: number, bookingId: number): Promise<TrackingLink | null> {
  const row = await db.selectFrom('tracking_links').selectAll().where('booking_id', '=', bookingId).where('owner_id', '=', ownerId).executeTakeFirst();
  return row ? toLink(row) : null;
}

export async function revokeLink(db: Db, ownerId: number, bookingId: number): Promise<TrackingLink | null> {
  await db.updateTable('tracking_links').set({ revoked_at: new Date() }).where('booking_id', '=', bookingId).where('owner_id', '=', ownerId).where('revoked_at', 'is', null).execute();
  return findLink(db, ownerId, bookingId);
}

export async function bookingExists(db: Db, ownerId: number, bookingId: number): Promise<boolean> {
  return (await db.selectFrom('bookings').select('id').where('id', '=', bookingId).where('owner_id', '=', ownerId).executeTakeFirst()) !== undefined;
}

export async function readSettings(db: Db, ownerId: number): Promise<TrackingSettings> {
  // The fleet's code through identity's door (owners is its table); the settings are ours.
  const fleet = await fleetFace(db, ownerId);
  if (!fleet) throw new Error(`No fleet ${ownerId}`);
  const row = await db.selectFrom('tracking_settings').select(['phone', 'position_after_boarding', 'requests_enabled', 'requests_auto_offer']).where('owner_id', '=', ownerId).executeTakeFirst();
  return {
    phone: row?.phone ?? null,
    position_after_boarding: row?.position_after_boarding ?? false,
    requests_enabled: row?.requests_enabled ?? false,
    requests_auto_offer: row?.requests_auto_offer ?? true,
    requests_path: requestPath(fleet.code),
  };
}

export async function writeSettings(db: Db, ownerId: number, settings: StoredTrackingSettings): Promise<TrackingSettings> {
  await db
    .insertInto('tracking_settings')
    .values({ owner_id: ownerId, ...settings })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet(settings))
    .execute();
  return readSettings(db, ownerId);
}
