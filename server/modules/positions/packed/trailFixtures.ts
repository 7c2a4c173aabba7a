/** Trails for the packing tests: a phone's points with every field, stored as rows. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { isoMicros } from './storedPoints';
import type { PackedPoint } from './trailCodec';

export const START_US = Date.parse('2026-11-03T11:30:00Z') * 1000;

/** 2.5 hours at about 1 Hz from 11:30: microsecond times, raw doubles, nulls here and there. */
export function makeTrail(count: number): PackedPoint[] {
  let us = START_US;
  return Array.from({ length: count }, (_, i) => {
    us += 1_000_000 + (i % 5) * 1000 + (i % 97 === 0 ? 7 : 0);
    return {
      us,
      latitude: i % 500 === 0 ? -32.45 + Math.random() / 100 : Math.round((-32.45 + i * 2e-5) * 1e6) / 1e6,
      longitude: Math.round((-71.23 + Math.sin(i / 40) / 1000) * 1e6) / 1e6,
      speed: i % 11 === 0 ? null : Math.round(Math.abs(Math.sin(i / 30)) * 1500) / 100,
      heading: i % 3 === 0 ? null : (i * 7) % 360,
      accuracy: i < 100 ? null : 3 + (i % 9) / 2,
      battery: i % 60 === 0 ? 90 - i / 600 : null,
    };
  });
}

export async function storeRows(db: Kysely<Database>, shiftId: number, points: readonly PackedPoint[]): Promise<void> {
  for (let i = 0; i < points.length; i += 2000) {
    const rows = points.slice(i, i + 2000).map(({ us, ...readings }) => ({ shift_id: shiftId, recorded_at: isoMicros(us), ...readings }));
    await db.insertInto('shift_locations').values(rows).execute();
  }
}

export const countRows = async (db: Kysely<Database>, table: 'shift_locations' | 'trail_chunks', shiftId: number) =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('shift_id', '=', shiftId).executeTakeFirstOrThrow()).n);

