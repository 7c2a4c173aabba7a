/**
 * Reportes' journey on the days that broke it: the next Monday at 00:30 and the next 1 January at
 * 00:30 in America/Santiago. A server of its own runs its clock there (FLOTA_CLOCK_OFFSET: the demo
 * seed and its history fixture are laid out before that "now"), and the browser's clock reads the
 * same (page.clock), so "this week" and "this month" are the awkward ones. The journey pins its
 * period to the fixture's days and passes on both; the screen opens on the current week, as a
 * dispatcher sees it on that day.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { workerPorts } from './support/ports';
import { awkwardMoments, fleetDay } from './support/fleetDays';
import { reportsJourney } from './support/reportsJourney';
import { logIn, screenshotPath } from './support/session';
import { spawnServer } from './support/spawnedServer';

const port = workerPorts().spare;

for (const moment of awkwardMoments()) {
  test.describe(`Reportes el ${moment.name}`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-anyday-'));
    test.use({ baseURL: `http://127.0.0.1:${port}` });
    test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    test('the week with kilometres, its .xlsx and a drill-down pass', async ({ page }) => {
      test.setTimeout(180_000);
      const offsetSeconds = Math.round((moment.at.getTime() - Date.now()) / 1000);
      const server = await spawnServer({ port, tilePort: port + 1, dataDir, env: { FLOTA_CLOCK_OFFSET: String(offsetSeconds), E2E_HISTORY_SHIFTS: '30' } });
      try {
        await page.clock.install({ time: moment.at });
        await logIn(page);
        const today = fleetDay(moment.at);
        const week = await reportsJourney(page);
        // On the Monday the pinned week is last week, whole; on 1 January it is the week across the new year.
        if (today.endsWith('-01-01')) expect(week.from < today && today <= week.to, `${week.from}..${week.to}`).toBe(true);
        else expect(week.to < today, `${week.from}..${week.to}`).toBe(true);
        await page.screenshot({ path: screenshotPath(`reports-any-day-${today}`), fullPage: true });
      } finally {
        await server.stop();
      }
    });
  });
}
