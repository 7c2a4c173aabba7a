/**
 * What the look sweeps share (e2e/deskLooks.spec.ts): the sizes and themes the desk is checked at,
 * changing them in place, moving between screens without loading the page again, and what "sticks
 * out" of a screen.
 */
import { expect, type Page } from '@playwright/test';
import { deskToken } from './dispatch';

export type Theme = 'light' | 'dark';
export const THEMES: readonly Theme[] = ['light', 'dark'];

export interface Size {
  width: number;
  height: number;
}
/** The desk's window; a11y's checks keep the config's 1366×860 they always ran at. */
export const DESK_A11Y: Size = { width: 1366, height: 860 };
export const DESK: Size = { width: 1366, height: 768 };
/** A landscape tablet: the sidebar of icons, Despacho's stacked grid. */
export const TABLET: Size = { width: 1024, height: 768 };
export const PHONE: Size = { width: 390, height: 844 };
/** The smallest phone the desk is used on. */
export const SMALL: Size = { width: 360, height: 740 };

export const sizeName = ({ width, height }: Size) => `${width}×${height}`;

/** Two frames: a resize or a theme change has been laid out and painted (ResizeObservers included). */
export const frames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/**
 * The page at `size` in `theme`, in place: the app follows the system's scheme (Sistema) while it
 * changes, and lays out again at the new width. Every scroll goes back to the top, as the screen is
 * when it opens (a click or a map's screenshot scrolls what it reaches into view). The theme's check
 * is soft, and names where it was made.
 */
export async function show(page: Page, size: Size, theme: Theme, where: string) {
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: theme });
  await expect.soft(page.locator('.flota-app'), `${where}: theme`).toHaveAttribute('data-theme', theme);
  await page.evaluate(() => {
    for (const element of [document.scrollingElement, ...document.querySelectorAll('*')]) {
      if (element && (element.scrollTop || element.scrollLeft)) element.scrollTo(0, 0);
    }
  });
  await frames(page);
}

/**
 * Opens a screen from the sidebar (a phone's bottom bar, or its "Más" sheet), as a person does: the
 * router draws it without loading the page again. The mouse then leaves the bar, so no hover (the
 * icon sidebar's tooltips) stays in what is measured or photographed.
 */
export async function openFromNav(page: Page, link: string) {
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  const direct = nav.getByRole('link', { name: link, exact: true });
  if (await direct.isVisible()) {
    await direct.click();
  } else {
    await nav.getByRole('button', { name: 'Más' }).click();
    await page.getByRole('navigation', { name: 'Más secciones' }).getByRole('link', { name: link, exact: true }).click();
  }
  await parkMouse(page);
}

/** Clicks, then takes the mouse off whatever it was over (no hover left on a card or a button). */
export async function click(page: Page, target: { click(): Promise<void> }) {
  await target.click();
  await parkMouse(page);
}

/** The top-left corner: the sidebar's brand, or a phone's top bar; nothing there reacts to a hover. */
const parkMouse = (page: Page) => page.mouse.move(0, 0);

/** A screen no link leads to from the sidebar (a shift's replay): the router's own Back/Forward path, no page load. */
export async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** What sticks out: the page's sideways scroll, and each visible control or heading beyond the screen's edges outside a box that scrolls. */
export async function stickingOut(page: Page): Promise<string[]> {
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

/** Boxes of `selector` inside the page that overlap another's, by index pairs. */
export async function overlapping(page: Page, selector: string): Promise<[number, number][]> {
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

/** A past demo shift with two stops or more, for the replay. */
export async function shiftWithStops(page: Page): Promise<number> {
  const headers = { authorization: `Bearer ${await deskToken(page.request)}` };
  const history = (await (await page.request.get('/api/shifts/history?limit=50', { headers })).json()) as { shifts: { id: number; is_active: boolean }[] };
  for (const shift of history.shifts.filter((candidate) => !candidate.is_active).slice(0, 20)) {
    const summary = (await (await page.request.get(`/api/shifts/${shift.id}/summary`, { headers })).json()) as { stops: unknown[] };
    if (summary.stops.length >= 2) return shift.id;
  }
  throw new Error('no past demo shift with two stops');
}
