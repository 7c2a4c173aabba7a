/** A fleet's customers, one per normalized phone number, with their recent pickups and trip count. */
import type { Customer } from '../../../contract/dispatch';
import type { Db } from './bookingsRepo';

const RECENT_PICKUPS = 5;
const SEARCH_LIMIT = 20;

async function withHistory(db: Db, rows: { id: number; phone: string; name: string | null; notes: string | null; created_at: Date }[]): Promise<Customer[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const pickups = await db
    .selectFrom('bookings')
    .select(['customer_id', 'pickup_latitude', 'pickup_longitude', 'pickup_label', 'id'])
    .where('customer_id', 'in', ids)
    .orderBy('id', 'desc')
    .limit(ids.length * 50)
    .execute();
  const counts = await db
    .selectFrom('bookings')
    .select(['customer_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('customer_id', 'in', ids)
    .where('status', '=', 'finalizado')
    .groupBy('customer_id')
    .execute();
  return rows.map((row) => {
    const seen = new Set<string>();
    const recent = [];
    for (const p of pickups) {
      if (p.customer_id !== row.id) continue;
      const key = p.pickup_label || `${p.pickup_latitude.toFixed(5)},${p.pickup_longitude.toFixed(5)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      recent.push({ latitude: p.pickup_latitude, longitude: p.pickup_longitude, label: p.pickup_label });
      if (recent.length === RECENT_PICKUPS) break;
    }
    return {
      id: row.id,
      phone: row.phone,
      name: row.name,
      notes: row.notes,
      recent_pickups: recent,
      trips_count: Number(counts.find((c) => c.customer_id === row.id)?.n ?? 0),
      created_at: row.created_at.toISOString(),
    };
  });
}

const columns = ['id', 'phone', 'name', 'notes', 'created_at'] as const;

export async function customerByPhone(db: Db, ownerId: number, phone: string): Promise<Customer | null> {
  const row = await db.selectFrom('customers').select(columns).where('owner_id', '=', ownerId).where('phone', '=', phone).executeTakeFirst();
  return row ? (await withHistory(db, [row]))[0] : null;
}

/** By digits of the phone or words of the name; the most recently updated first. */
export async function searchCustomers(db: Db, ownerId: number, query: string): Promise<Customer[]> {
  const text = query.trim();
  const digits = text.replace(/\D/g, '');
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .selectFrom('customers')
    .select(columns)
    .where('owner_id', '=', ownerId)
    .$if(text.length > 0, (q) =>
      q.where((eb) => eb.or([eb('name', 'ilike', `%${escaped}%`), ...(digits.length >= 3 ? [eb('phone', 'like', `%${digits}%`)] : [])])),
    )
    .orderBy('updated_at', 'desc')
    .limit(SEARCH_LIMIT)
    .execute();
  return withHistory(db, rows);
}

/** Deletes the customer's record and the name and phone on their closed bookings; null when unknown. */
export async function deleteCustomer(db: Db, ownerId: number, id: number): Promise<{ phone: string; name: string | null } | null> {
  const row = await db.selectFrom('customers').select(['phone', 'name']).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row) return null;
  await db.updateTable('bookings').set({ customer_name: null, customer_phone: '' }).where('customer_id', '=', id).where('closed_at', 'is not', null).execute();
  await db.deleteFrom('customers').where('id', '=', id).where('owner_id', '=', ownerId).execute();
  return row;
}

export async function customerHasOpenBooking(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('bookings').select('id').where('customer_id', '=', id).where('closed_at', 'is', null).executeTakeFirst();
  return Boolean(row);
}
