/**
 * Replay and "where was everyone" against the real server and the seeded demo fleet: from the
 * history, replay a finished shift, play it, change its speed, jump with the chart, see a stop's
 * duration (the demo history's, when it has stops); then ask where every taxi was at a past moment and find the demo fleet on the map.
 */
import { expect, test, type Page } from './support/test';
import { DEMO_PASSWORD, DEMO_RUT, logIn, screenshotPath } from './support/session';
import { formatDay } from '../contract/dateFormat';

interface HistoryShift {
  id: number;
  first_name: string;
  last_name: string;
  start_time: string;
  end_time: string | null;
  is_active: boolean;
}

async function deskToken(page: Page): Promise<string> {
  const login = await page.request.post('/api/auth/login', { data: { rut: DEMO_RUT, password: DEMO_PASSWORD } });
  return ((await login.json()) as { token: string }).token;
}

async function finishedShifts(page: Page): Promise<HistoryShift[]> {
  const history = await page.request.get('/api/shifts/history?limit=50', { headers: { authorization: `Bearer ${await deskToken(page)}` } });
  return ((await history.json()) as { shifts: HistoryShift[] }).shifts.filter((shift) => !shift.is_active);
}

/**
 * A finished demo shift with an hour of trail or more: earlier journeys of the suite leave finished
 * shifts of their own, newest in the history (ended by hand without points, or /conductor's few
 * seconds), which neither replay for long nor are anywhere at the middle of their time.
 */
async function shiftWithTrail(page: Page): Promise<HistoryShift> {
  const token = await deskToken(page);
  for (const shift of await finishedShifts(page)) {
    const replay = (await (await page.request.get(`/api/shifts/${shift.id}/replay`, { headers: { authorization: `Bearer ${token}` } })).json()) as { time_steps_ms?: number[] };
    if ((replay.time_steps_ms ?? []).reduce((sum, step) => sum + step, 0) >= 3_600_000) return shift;
  }
  throw new Error('no finished shift with an hour of trail among the newest 50');
}

/** The first finished shift with a stop (the demo history's), else the first finished one. */
async function shiftWithStops(page: Page): Promise<{ id: number; stops: Array<{ duration_seconds: number }> }> {
  const token = await deskToken(page);
  let first: { id: number; stops: Array<{ duration_seconds: number }> } | null = null;
  for (const shift of (await finishedShifts(page)).slice(0, 20)) {
    const summary = (await (await page.request.get(`/api/shifts/${shift.id}/summary`, { headers: { authorization: `Bearer ${token}` } })).json()) as { stops: Array<{ duration_seconds: number }> };
    first ??= { id: shift.id, stops: summary.stops };
    if (summary.stops.length > 0) return { id: shift.id, stops: summary.stops };
  }
  return first as { id: number; stops: Array<{ duration_seconds: number }> };
}

/** As the replay labels a stop: "45 s", "12 min", "1 h 05 min". */
function stopLabel(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const sliderTime = async (page: Page) => Number(await page.getByRole('slider', { name: 'Momento del turno' }).inputValue());

test('replay a demo shift from the history: play, change speed, pause with space, jump with the chart', async ({ page }) => {
  const shift = await shiftWithTrail(page);
  await logIn(page);
  await page.getByRole('link', { name: 'Historial' }).click();
  await page.locator(`a[href$="/history/${shift.id}/replay"]`).first().click();
  await expect(page.getByRole('heading', { name: /^Reproducción: / })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Resumen del turno' }).getByText('Distancia')).toBeVisible();

  // Play at 60×: the slider moves on its own; space pauses.
  await page.getByRole('combobox', { name: 'Velocidad' }).selectOption('60');
  const start = await sliderTime(page);
  await page.getByRole('button', { name: 'Reproducir' }).click();
  await expect.poll(() => sliderTime(page)).toBeGreaterThan(start + 20_000);
  await page.locator('body').press('Space');
  await expect(page.getByRole('button', { name: 'Reproducir' })).toBeVisible();

  // A click three quarters along the chart jumps there.
  const chart = page.locator('.flota-speed-chart .u-over');
  const box = (await chart.boundingBox()) as { x: number; y: number; width: number; height: number };
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  const min = Number(await page.getByRole('slider', { name: 'Momento del turno' }).getAttribute('min'));
  const max = Number(await page.getByRole('slider', { name: 'Momento del turno' }).getAttribute('max'));
  const share = ((await sliderTime(page)) - min) / (max - min);
  expect(share).toBeGreaterThan(0.7);
  expect(share).toBeLessThan(0.8);

  await page.screenshot({ path: screenshotPath('replay') });
});

test("a replay's stops carry their durations, on the map and in the list, as the summary gives them", async ({ page }) => {
  const shift = await shiftWithStops(page);
  await logIn(page);
  await page.goto(`/dashboard/history/${shift.id}/replay`);
  await expect(page.getByRole('heading', { name: /^Reproducción: / })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Resumen del turno' });
  await expect(summary.getByText('Distancia')).toBeVisible();
  const labels = shift.stops.map((stop) => stopLabel(stop.duration_seconds));
  await expect(page.locator('.flota-replay-stop')).toHaveText(labels);
  if (labels.length > 0) {
    await expect(summary.getByRole('listitem').filter({ hasText: ` · ${labels[0]}` }).first()).toBeVisible();
    await page.screenshot({ path: screenshotPath('replay-stops') });
  }
});

test('where was everyone: the demo fleet at a past moment', async ({ page }) => {
  const shift = await shiftWithTrail(page);
  const moment = new Date((Date.parse(shift.start_time) + Date.parse(shift.end_time as string)) / 2);
  const local = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', ...options }).format(moment);
  await logIn(page);
  await page.getByRole('link', { name: 'Historial' }).click();
  await page.getByRole('button', { name: '¿Dónde estaba cada taxi?' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Dónde estaba cada taxi?' });
  await dialog.getByLabel('Fecha').fill(formatDay(local({ year: 'numeric', month: '2-digit', day: '2-digit' })));
  await dialog.getByLabel('Hora').fill(local({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
  // The demo's history has a point every 45 minutes or so.
  await dialog.getByLabel('Hasta cuánto antes').selectOption('60');
  await dialog.getByRole('button', { name: 'Ver posiciones' }).click();
  const list = dialog.getByRole('list', { name: 'Taxis en ese momento' });
  await expect(list.getByText(`${shift.first_name} ${shift.last_name}`)).toBeVisible();
  // The taxis are drawn on the map's canvas (TaxiLayer, their drivers' names under them): the screenshot shows them.
  await expect(dialog.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: /taxi\(s\) a las/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath('where-was-everyone') });
});

/**
 * The replay at the desk's and a phone's size, light and dark. The map fits the route to the size the
 * replay opens at, so each size opens it; the theme changes in place (the app follows the system's
 * scheme), as a dispatcher's system switching at dusk does: one sign-in and two loads instead of four
 * of each (issue 50).
 */
test('the replay at 1366×768 and 390×844, light and dark: route drawn, the taxi played forward, nothing wider than the window', async ({ page }) => {
  const shift = await shiftWithTrail(page);
  await logIn(page);
  for (const size of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`/dashboard/history/${shift.id}/replay`);
    // The map stops being busy once it has drawn the route.
    await expect(page.locator('.flota-replay__map')).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('combobox', { name: 'Velocidad' }).selectOption('60');
    for (const theme of ['light', 'dark'] as const) {
      await test.step(`${size.width}×${size.height} ${theme}`, async () => {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', theme);
        const start = await sliderTime(page);
        await page.getByRole('button', { name: 'Reproducir' }).click();
        await expect.poll(() => sliderTime(page), `${size.width} ${theme}: the taxi played forward`).toBeGreaterThan(start + 60_000);
        await page.getByRole('button', { name: 'Pausar' }).click();
        await expect(page.locator('.flota-replay-taxi')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${size.width} ${theme}: nothing wider than the window`).toBe(true);
        await page.screenshot({ path: screenshotPath(`replay-${size.width}-${theme}`), fullPage: size.width < 600 });
      });
    }
  }
});
