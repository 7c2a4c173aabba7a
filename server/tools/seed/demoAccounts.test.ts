/** The demo's month of accounts: what an owner sees in Cuentas on the first start. */
import { fleetBalances } from '../../modules/accounts';
import { zonedDate } from '../../platform/timeZone';
import { openTestPglite } from '../testing/pgliteTemplate';
import { seedDemoAccounts } from './demoAccounts';
import { ensureDemoDesk } from './demoDesk';
import { seedDemoFleet } from './demoFleet';

it('a month of cuotas from the seeded shifts and the desk’s payments: most al día, some owing, some behind; seeding again adds nothing', async () => {
  const database = await openTestPglite();
  try {
    const now = new Date();
    const { ownerId } = await seedDemoFleet(database.db, { now });
    await ensureDemoDesk(database.db);
    const payments = await seedDemoAccounts(database.db, { now });
    expect(payments).toBeGreaterThan(50);
    const { balances, total_owed } = await fleetBalances(database.db, ownerId, zonedDate(now, 'America/Santiago'));
    const withTerms = balances.filter((row) => row.terms);
    expect(withTerms.length).toBeGreaterThan(10);
    expect(new Set(withTerms.map((row) => row.terms?.kind))).toEqual(new Set(['diaria', 'semanal']));
    expect(total_owed).toBeGreaterThan(0);
    expect(balances.filter((row) => row.days_behind > 3).length).toBeGreaterThanOrEqual(2);
    expect(balances.filter((row) => row.balance <= 0).length).toBeGreaterThan(0);
    expect(await seedDemoAccounts(database.db, { now })).toBe(0);
  } finally {
    await database.close();
  }
}, 120_000);
