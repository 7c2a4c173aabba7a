/** The fleet's saved places (terminal, hospital, malls), by name. */
import type { PlaceRequest, SavedPlace } from '../../../contract/dispatch';
import type { Db } from './bookingsRepo';

type Place = Omit<PlaceRequest, never> & { name: string; latitude: number; longitude: number };

export async function listPlaces(db: Db, ownerId: number): Promise<SavedPlace[]> {
  return db.selectFrom('dispatch_places').select(['id', 'name', 'latitude', 'longitude']).where('owner_id', '=', ownerId).orderBy('name').orderBy('id').execute();
}

export async function insertPlace(db: Db, ownerId: number, place: Place): Promise<SavedPlace> {
  return db
    .insertInto('dispatch_places')
    .values({ owner_id: ownerId, name: place.name, latitude: place.latitude, longitude: place.longitude })
    .returning(['id', 'name', 'latitude', 'longitude'])
    .executeTakeFirstOrThrow();
}

export async function findPlace(db: Db, ownerId: number, id: number): Promise<SavedPlace | null> {
  return (await db.selectFrom('dispatch_places').select(['id', 'name', 'latitude', 'longitude']).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst()) ?? null;
}

export async function updatePlace(db: Db, ownerId: number, id: number, place: Place): Promise<SavedPlace | null> {
  return (
    (await db
      .updateTable('dispatch_places')
      .set({ name: place.name, latitude: place.latitude, longitude: place.longitude })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .returning(['id', 'name', 'latitude', 'longitude'])
      .executeTakeFirst()) ?? null
  );
}

export async function deletePlace(db: Db, ownerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('dispatch_places').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
