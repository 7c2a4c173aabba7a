/**
 * The demo-history pass with a limit (the browser tests' history fixture): the newest past demo
 * shifts first, each with its full trail and summary; the rest stay as seeded, for a later pass.
 */
import { sql } from 'kysely';
import type { OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../testing/pgliteTemplate';
import { seedDemoFleet } from './demoFleet';
import { startDemoHistory } from './demoHistory';

let database: OpenDatabase;

beforeAll(async () => {
  database = await openTestPglite();
  await seedDemoFleet(database.db, { now: new Date('2026-11-27T15:00:00Z') });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** Ended shifts, newest first, with their point count and whether a summary is kept. */
async function endedShifts() {
  const { rows } = await sql<{ id: number; points: number; summarized: boolean }>`
    select s.id, (select count(*)::int from shift_locations l where l.shift_id = s.id) as points,
      exists (select 1 from shift_summaries m where m.shift_id = s.id) as summarized
    from shifts s where s.end_time is not null order by s.start_time desc, s.id desc`.execute(database.db);
  return rows;
}

it('gives the newest N past shifts their full trail and summary, and the next run carries on from there', async () => {
  const first = await startDemoHistory(database.db, { limit: 3, pauseMs: 0 }).done;
  expect(first.shifts).toBe(3);
  let shifts = await endedShifts();
  expect(shifts.slice(0, 3).every((shift) => shift.points > 100 && shift.summarized)).toBe(true);
  expect(shifts.slice(3).every((shift) => shift.points <= 12)).toBe(true);

  const second = await startDemoHistory(database.db, { limit: 2, pauseMs: 0 }).done;
  expect(second.shifts).toBe(2);
  shifts = await endedShifts();
  expect(shifts.slice(0, 5).every((shift) => shift.points > 100 && shift.summarized)).toBe(true);
  expect(shifts.slice(5).every((shift) => shift.points <= 12)).toBe(true);
});
