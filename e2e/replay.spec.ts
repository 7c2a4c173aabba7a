/**
 * Replay and "where was everyone" against the real server and the seeded demo fleet: from the
 * history, replay a finished shift, play it, change its speed, jump with the chart, see a stop's
 * duration; then ask where every taxi was at a past moment and find the demo fleet on the map.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_RUT, logIn, screenshotPath } from './support/session';

interface HistoryShift {
  id: number;
  first_name: string;
  last_name: string;
  start_time: string;
  end_time: string | null;
  is_active: boolean;
}

async function finishedShifts(page: Page): Promise<HistoryShift[]> {
  const login = await page.request.post('/api/auth/login', { data: { rut: DEMO_RUT, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const history = await page.request.get('/api/shifts/history?limit=50', { headers: { authorization: `Bearer ${token}` } });
  return ((await history.json()) as { shifts: HistoryShift[] }).shifts.filter((shift) => !shift.is_active);
}

const sliderTime = async (page: Page) => Number(await page.getByRole('slider', { name: 'Momento del turno' }).inputValue());

test('replay a demo shift: play, change speed, jump with the chart, see a stop', async ({ page }) => {
  await logIn(page);
  await page.getByRole('link', { name: 'Historial' }).click();
  const finished = page.getByRole('table').locator('tbody tr').filter({ hasText: 'Finalizado' }).first();
  await finished.getByRole('link', { name: /^Reproducir turno de / }).click();
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

  // Stops carry their durations, on the map and in the list.
  const stop = page.getByRole('complementary', { name: 'Resumen del turno' }).getByRole('listitem').filter({ hasText: / · \d+ (s|min|h \d\d min)/ }).first();
  await expect(stop).toBeVisible();
  await expect(page.locator('.flota-replay-stop').first()).toHaveText(/^\d+ (s|min)|^\d+ h \d\d min$/);
  await page.screenshot({ path: screenshotPath('replay') });
});

test('where was everyone: the demo fleet at a past moment', async ({ page }) => {
  const shift = (await finishedShifts(page))[0];
  const moment = new Date((Date.parse(shift.start_time) + Date.parse(shift.end_time as string)) / 2);
  const local = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', ...options }).format(moment);
  await logIn(page);
  await page.getByRole('link', { name: 'Historial' }).click();
  await page.getByRole('button', { name: '¿Dónde estaba cada taxi?' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Dónde estaba cada taxi?' });
  await dialog.getByLabel('Fecha').fill(local({ year: 'numeric', month: '2-digit', day: '2-digit' }));
  await dialog.getByLabel('Hora').fill(local({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
  await dialog.getByRole('button', { name: 'Ver posiciones' }).click();
  const list = dialog.getByRole('list', { name: 'Taxis en ese momento' });
  await expect(list.getByText(`${shift.first_name} ${shift.last_name}`)).toBeVisible();
  await expect(dialog.locator('.flota-positions-at__pin', { hasText: `${shift.first_name} ${shift.last_name}` })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: /taxi\(s\) a las/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath('where-was-everyone') });
});
