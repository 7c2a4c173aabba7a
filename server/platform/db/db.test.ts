/** The PGlite dialect and migrations against a real in-memory PGlite. */
import { sql } from 'kysely';
import type { OpenDatabase } from './client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

let database: OpenDatabase;

// PGlite takes ~2 s to start, far more on a busy machine: the default 5 s hook timeout is too short.
beforeAll(async () => {
  database = await openTestPglite('empty');
}, 60_000);
afterAll(async () => {
  await database.close();
});

describe('migrations', () => {
  it('apply once and are idempotent', async () => {
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public' order by tablename`.execute(
      database.db,
    );
    expect(tables.rows.map((r) => r.tablename)).toEqual(
      expect.arrayContaining(['owners', 'vehicles', 'drivers', 'shifts', 'shift_locations']),
    );
  });
});

describe('PGlite dialect', () => {
  const owner = { rut: '99999999', rut_body: '9999999', password_hash: 'x', first_name: 'A', last_name: 'B', email: 'a@b.cl', company_name: 'C', fleet_code: 'DBTEST' };

  it('commits a transaction and reads ints, dates and timestamps like pg does', async () => {
    const id = await database.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('owners').values(owner).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('drivers')
        .values({ owner_id: row.id, rut: '111111111', rut_body: '11111111', password_hash: 'x', first_name: 'D', last_name: 'E', license_expiry: '2030-02-28' })
        .execute();
      return row.id;
    });
    expect(typeof id).toBe('number');
    const driver = await database.db.selectFrom('drivers').select(['license_expiry', 'created_at', 'owner_id']).executeTakeFirstOrThrow();
    expect(driver.license_expiry).toBe('2030-02-28');
    // A Date from the main realm, not Jest's sandbox realm: check its tag rather than instanceof.
    expect(Object.prototype.toString.call(driver.created_at)).toBe('[object Date]');
    expect(driver.owner_id).toBe(id);
    const count = await database.db.selectFrom('drivers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('owners').values({ ...owner, rut: '88888888', fleet_code: 'DBTST8' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const row = await database.db.selectFrom('owners').select('id').where('rut', '=', '88888888').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('does not interleave other queries into an open transaction', async () => {
    let outsideSawUncommitted: boolean | null = null;
    const tx = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('owners').values({ ...owner, rut: '77777777', fleet_code: 'DBTST7' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rollback on purpose');
    });
    // Queued behind the transaction: it must see the state after the rollback.
    const outside = database.db
      .selectFrom('owners')
      .select('id')
      .where('rut', '=', '77777777')
      .executeTakeFirst()
      .then((row) => {
        outsideSawUncommitted = row !== undefined;
      });
    await expect(tx).rejects.toThrow('rollback on purpose');
    await outside;
    expect(outsideSawUncommitted).toBe(false);
  });

  it('reports affected rows', async () => {
    const result = await database.db.updateTable('owners').set({ company_name: 'Z' }).where('rut', '=', '99999999').executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
  });
});
