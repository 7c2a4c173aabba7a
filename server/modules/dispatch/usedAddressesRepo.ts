/**
 * Every address the fleet has used: the pickups and destinations typed on its bookings, one row per
 * address (accents and case aside), with its newest point and how often it was used. Searched with
 * pg_trgm against the folded text (migration 0029), so "ortis" or "Ortíz" finds "Ortiz de Rozas 550".
 * Read from the bookings themselves: no second copy to keep in step with every way a booking is made.
 */
import { sql } from 'kysely';
import { MAP_POINT_PREFIX } from '../../../contract/dispatch';
import type { Db } from './bookingsRepo';
import { matchesQuery } from './placesRepo';

export interface UsedAddress {
  label: string;
  latitude: number;
  longitude: number;
  uses: number;
}

export async function searchUsedAddresses(db: Db, ownerId: number, query: string, limit: number): Promise<UsedAddress[]> {
  const unlabelled = `${MAP_POINT_PREFIX}%`;
  const result = await sql<UsedAddress>`
    with used as (
      select pickup_label as label, pickup_latitude as latitude, pickup_longitude as longitude, id
        from bookings where owner_id = ${ownerId} and pickup_label <> ''
      union all
      select destination_label, destination_latitude, destination_longitude, id
        from bookings where owner_id = ${ownerId} and destination_label <> '' and destination_latitude is not null and destination_longitude is not null
    ), folded as (
      select flota_fold(label) as folded, label, latitude, longitude, id from used where label not like ${unlabelled}
    ), matched as (
      select *, word_similarity(flota_fold(${query}), folded) as score from folded
    )
    select (array_agg(label order by id desc))[1] as label,
           (array_agg(latitude order by id desc))[1] as latitude,
           (array_agg(longitude order by id desc))[1] as longitude,
           count(*)::int as uses
      from matched
     where ${matchesQuery(sql<string>`folded`, query)}
     group by folded
     order by max(score) desc, count(*) desc, max(id) desc
     limit ${limit}
  `.execute(db);
  return result.rows.map((row) => ({ label: row.label, latitude: Number(row.latitude), longitude: Number(row.longitude), uses: Number(row.uses) }));
}
