/**
 * The smallest phone the desk is used on, 360×740 (issue 38's proof: every changed screen at
 * 1366×768, 390×844 and 360×740, light and dark): the login, Panel de Control, Despacho, Mapa en
 * Vivo, Historial with its filters, the replay, Reportes, Actividad, Conductores and the driver's
 * /conductor on shift. On each, in both themes: the page never scrolls sideways, and no control or
 * heading sticks out of the screen (a table or a board that scrolls in its own box may hold more).
 * Screenshots for a person to look at: SHOTS_DIR (default e2e/artifacts/screenshots), 360-<screen>-<theme>.png.
 */
import { expect, test, type Page } from './support/test';
import { createDriver, deskToken, Leftovers, PAPUDO, person, phoneOnShift } from './support/dispatch';
import { mapAtRest } from './support/liveMap';
import { logIn } from './support/session';

const SIZE = { width: 360, height: 740 };
const THEMES = ['light', 'dark'] as const;
const shot = (name: string) => `${process.env.SHOTS_DIR ?? 'e2e/artifacts/screenshots'}/360-${name}.png`;

/** What sticks out: the page's sideways scroll, and each visible control or heading beyond the screen's edges outside a box that scrolls. */
async function stickingOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const scrollsItself = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden' || overflow === 'clip') return true;
      }
      return false;
    };
    for (const element of document.querySelectorAll('button, a[href], input, select, textarea, h1, h2, [role="tab"]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if ((box.left < -1 || box.right > window.innerWidth + 1) && !scrollsItself(element)) {
        problems.push(`${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}" at ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
    }
    return problems;
  });
}

async function settled(page: Page) {
  // Visible ones only: a part a phone hides (a panel behind its tab) may still say it is loading.
  await expect(page.getByText(/^Cargando/).filter({ visible: true })).toHaveCount(0, { timeout: 15_000 });
}

async function look(page: Page, name: string, theme: string) {
  expect(await stickingOut(page), name).toEqual([]);
  await page.screenshot({ path: shot(`${name}-${theme}`) });
}

/** A past demo shift with two stops or more, for the replay. */
async function shiftWithStops(page: Page): Promise<number> {
  const headers = { authorization: `Bearer ${await deskToken(page.request)}` };
  const history = (await (await page.request.get('/api/shifts/history?limit=50', { headers })).json()) as { shifts: { id: number; is_active: boolean }[] };
  for (const shift of history.shifts.filter((candidate) => !candidate.is_active).slice(0, 20)) {
    const summary = (await (await page.request.get(`/api/shifts/${shift.id}/summary`, { headers })).json()) as { stops: unknown[] };
    if (summary.stops.length >= 2) return shift.id;
  }
  throw new Error('no past demo shift with two stops');
}

for (const theme of THEMES) {
  test(`the desk's screens at 360×740, ${theme}: nothing sticks out`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(SIZE);
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await look(page, 'login', theme);
    await logIn(page);

    const screens = [
      { name: 'dashboard', path: '/dashboard', heading: 'Panel de Control' },
      { name: 'dispatch', path: '/dashboard/dispatch', heading: 'Despacho' },
      { name: 'map', path: '/dashboard/map', heading: 'Mapa en Vivo' },
      { name: 'history', path: '/dashboard/history', heading: 'Historial de Turnos' },
      { name: 'reports', path: '/dashboard/reports', heading: 'Reportes' },
      { name: 'activity', path: '/dashboard/activity', heading: 'Actividad' },
      { name: 'drivers', path: '/dashboard/drivers', heading: 'Conductores' },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await settled(page);
      const canvas = page.locator('canvas').first();
      if ((screen.name === 'map' || screen.name === 'dispatch') && (await canvas.isVisible())) await mapAtRest(page, canvas);
      // Waiting on the map scrolled to it: the screenshot shows the screen as it opens.
      await page.evaluate(() => window.scrollTo(0, 0));
      await look(page, screen.name, theme);
    }

    await page.goto(`/dashboard/history/${await shiftWithStops(page)}/replay`);
    await expect(page.locator('canvas').first()).toBeVisible();
    await settled(page);
    await mapAtRest(page, page.locator('canvas').first());
    await look(page, 'replay', theme);
  });
}

test('/conductor on shift at 360×740, light and dark: nothing sticks out', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const leftovers = new Leftovers();
  const who = person('Pantalla', 'Chica', 360);
  await createDriver(request, leftovers, who, 'CHTX36');
  const { phone, page } = await phoneOnShift(browser, who, PAPUDO, SIZE);
  try {
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await look(page, 'conductor', theme);
    }
  } finally {
    await phone.close();
    await leftovers.clear(request);
  }
});
