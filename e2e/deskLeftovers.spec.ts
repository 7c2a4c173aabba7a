/**
 * The desk's visual leftovers (issue 38 item 6), checked as a person would see them, on the shared
 * server (demo fleet, 30 past shifts with trails): no clipped board time on Despacho, replay stop
 * labels that do not overlap, history filters that fit at 360 px, a dashboard whose layout does not
 * shift as it loads (CLS from Chromium's own layout-shift entries, PerformanceObserver: at 1366 px
 * in the order the requests happen to answer; at every size with the test holding back either part
 * of "Requiere atención" until the other is drawn) and, on a phone, "Requiere atención" above the fold. Screenshots at 1366×768, 390×844 and 360×740, light
 * and dark: e2e/artifacts/screenshots/leftovers-<screen>-<width>-<theme>.png.
 */
import { expect, test, type Page } from './support/test';
import { deskToken, PAPUDO } from './support/dispatch';
import { logIn, screenshotPath } from './support/session';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];
const THEMES = ['light', 'dark'] as const;

/** Sums the layout shifts Chromium reports from the page's start (without recent input), as CLS counts them. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { layoutShift: number; shifted: string[] };
    state.layoutShift = 0;
    state.shifted = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        state.layoutShift += entry.value;
        // What moved, for the report: the element's class and its top before and after.
        for (const source of entry.sources) state.shifted.push(`${entry.value.toFixed(3)} ${(source.node as Element | undefined)?.className ?? source.node?.nodeName} ${source.previousRect.top}→${source.currentRect.top}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

/** Boxes of `selector` inside the page that overlap another's, by index pairs. */
async function overlapping(page: Page, selector: string): Promise<[number, number][]> {
  return page.locator(selector).evaluateAll((elements) => {
    const boxes = elements.map((element) => element.getBoundingClientRect());
    const pairs: [number, number][] = [];
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        const [a, b] = [boxes[i], boxes[j]];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) pairs.push([i, j]);
      }
    }
    return pairs;
  });
}

/** The dashboard's requests of "Requiere atención": its own, and those of the parts other features add. */
const ATTENTION_OWN = ['/api/shifts/active', '/api/drivers', '/api/dispatch/bookings'];
const ATTENTION_OTHERS = ['/api/alerts/summary', '/api/expiries', '/api/accounts/balances'];

/**
 * Holds `paths`' answers until released: the test, not the machine's timing, decides which part of
 * the dashboard answers last, so the CLS figure is the same on every run.
 */
async function holdAnswers(page: Page, paths: string[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => paths.includes(url.pathname), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
const frames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

for (const size of SIZES) {
  for (const [late, early] of [
    [ATTENTION_OTHERS, ATTENTION_OWN],
    [ATTENTION_OWN, ATTENTION_OTHERS],
  ]) {
    const which = late === ATTENTION_OTHERS ? 'alerts, documents and accounts' : "the attention list's own shifts, drivers and bookings";
    test(`dashboard at ${size.width}×${size.height}: nothing moves when ${which} answer last`, async ({ page }) => {
      await page.setViewportSize(size);
      await logIn(page);
      await watchLayoutShifts(page);
      const release = await holdAnswers(page, late);
      const answered = early.map((path) => page.waitForResponse((response) => new URL(response.url()).pathname === path));
      await page.goto('/dashboard');
      await Promise.all(answered);
      await frames(page);
      // The first answers are drawn; now the rest.
      release();
      const attention = page.getByRole('region', { name: /^Requiere atención/ });
      await expect(attention.getByText(/^Cargando/)).toHaveCount(0);
      await expect(attention.getByRole('listitem').first()).toBeVisible();
      await frames(page);
      const shifted = await page.evaluate(() => (window as unknown as { shifted: string[] }).shifted);
      expect(await layoutShift(page), shifted.join('\n')).toBeLessThanOrEqual(0.1);
      // On a phone, what needs attention starts within the first screen.
      const heading = await page.getByRole('heading', { name: /^Requiere atención/ }).boundingBox();
      expect(heading!.y + heading!.height).toBeLessThan(size.height);
    });
  }
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`dashboard at ${size.width}×${size.height}, ${theme}: CLS measured (at most 0.1 at desk width), Requiere atención above the fold`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await logIn(page);
      await watchLayoutShifts(page);
      await page.goto('/dashboard');
      const attention = page.getByRole('heading', { name: /^Requiere atención/ });
      await expect(attention).toBeVisible();
      await expect(page.getByRole('group', { name: 'Turnos Activos' })).toHaveText(/\d+$/);
      await expect(page.getByText(/^Cargando/)).toHaveCount(0);
      // Whatever loads late (alerts, the attention list's rows) has had its time.
      await page.waitForLoadState('networkidle');
      const cls = await layoutShift(page);
      const shifted = await page.evaluate(() => (window as unknown as { shifted: string[] }).shifted);
      test.info().annotations.push({ type: 'CLS', description: `${cls.toFixed(3)} ${shifted.join('; ')}` });
      // The figure depends on the order the requests answer in, which varies: only the desk's width
      // is held to 0.1 here; the tests above fix the order (each part last in turn) and hold every
      // size to it, and bench/dashboardCls.bench.ts gives the figures over several loads.
      if (size.width >= 1024) expect(cls, shifted.join('\n')).toBeLessThanOrEqual(0.1);
      const box = await attention.boundingBox();
      expect(box!.y + box!.height).toBeLessThan(size.height);
      await page.screenshot({ path: screenshotPath(`leftovers-dashboard-${size.width}-${theme}`) });
    });

    test(`history filters at ${size.width}×${size.height}, ${theme}: every field shows whole`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await logIn(page);
      await page.goto('/dashboard/history');
      const filters = page.getByRole('search', { name: 'Filtros del historial' }).or(page.getByRole('form', { name: 'Filtros del historial' }));
      await expect(filters).toBeVisible();
      // Nothing of the bar sticks out, and a select is wide enough for "Todos los conductores".
      expect(await filters.evaluate((bar) => bar.scrollWidth <= bar.clientWidth)).toBe(true);
      const driver = filters.getByLabel('Conductor');
      expect(await driver.evaluate((select: HTMLSelectElement) => select.clientWidth >= 190)).toBe(true);
      await page.screenshot({ path: screenshotPath(`leftovers-history-${size.width}-${theme}`) });
    });
  }
}

test('Despacho at 1366×768: every board card shows its whole time', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const headers = { authorization: `Bearer ${await deskToken(request)}` };
  for (const name of ['Ana', 'Bea']) {
    const created = await request.post('/api/dispatch/bookings', { headers, data: { customer_phone: '+56 9 8765 4321', customer_name: `${name} Leftovers`, pickup: { ...PAPUDO, label: 'Plaza de Papudo' } } });
    expect(created.status()).toBe(201);
  }
  await logIn(page);
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/dashboard/dispatch');
    const times = page.locator('.flota-booking-card__time');
    await expect(times.first()).toBeVisible();
    const clipped = await times.evaluateAll((elements) =>
      elements
        .filter((time) => {
          const card = (time.closest('.flota-booking-card') as HTMLElement).getBoundingClientRect();
          const box = time.getBoundingClientRect();
          return box.right > card.right - 4 || box.left < card.left || !/^\d{2}:\d{2}$/.test(time.textContent ?? '');
        })
        .map((time) => time.textContent),
    );
    expect(clipped).toEqual([]);
    await page.screenshot({ path: screenshotPath(`leftovers-dispatch-1366-${theme}`) });
  }
});

test('the replay at 1366×768 and 390×844: no two stop labels overlap', async ({ page }) => {
  const headers = { authorization: `Bearer ${await deskToken(page.request)}` };
  const history = (await (await page.request.get('/api/shifts/history?limit=50', { headers })).json()) as { shifts: { id: number; is_active: boolean }[] };
  let withStops: number | null = null;
  for (const shift of history.shifts.filter((candidate) => !candidate.is_active).slice(0, 20)) {
    const summary = (await (await page.request.get(`/api/shifts/${shift.id}/summary`, { headers })).json()) as { stops: unknown[] };
    if (summary.stops.length >= 2) {
      withStops = shift.id;
      break;
    }
  }
  expect(withStops, 'a past demo shift with two stops or more').not.toBeNull();
  await logIn(page);
  for (const size of SIZES.slice(0, 2)) {
    for (const theme of THEMES) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`/dashboard/history/${withStops}/replay`);
      await expect(page.locator('.flota-replay-stop').first()).toBeAttached();
      await page.waitForLoadState('networkidle');
      expect(await overlapping(page, '.flota-replay-stop:not(.flota-replay-stop--dot)')).toEqual([]);
      await page.screenshot({ path: screenshotPath(`leftovers-replay-${size.width}-${theme}`) });
    }
  }
});
