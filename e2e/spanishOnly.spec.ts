/**
 * One language and one name per tab, across every screen of the desk, the login and the driver's
 * page, in real Chromium: no control is named in English (MapLibre's controls were "Zoom in",
 * "Toggle attribution", the canvas "Map"), and no two screens share a document title (Despacho and
 * Mapa en Vivo in two tabs looked alike).
 */
import { expect, test, type Page } from './support/test';
import { DEMO_FLEET_CODE, logIn } from './support/session';

/** English words a control's name must not carry (whole words, so "Mapa" or "Menú" pass). */
// Whole words by Unicode letters: JavaScript's \b takes "ó" for a boundary, so "canceló" read as "cancel".
const ENGLISH = /(?<![\p{L}\p{N}])(map|zoom|toggle|attribution|close|popup|marker|loading|search|submit|cancel|delete|edit|save|next|previous|back|menu|log ?out|settings|fullscreen|location|drag|rotate|reset|north|enable|disable|show|hide|open|clear|select|filter|download|play|pause)(?![\p{L}\p{N}])/iu;

/** Every name a person meets on a control: aria-label, title, alt and the text of buttons and links. */
async function controlNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const names = new Set<string>();
    for (const element of document.querySelectorAll('[aria-label], [title], img[alt], button, a[href], [role="button"], summary')) {
      for (const value of [element.getAttribute('aria-label'), element.getAttribute('title'), element.getAttribute('alt')]) if (value) names.add(value.trim());
      if (element.matches('button, a[href], [role="button"], summary')) {
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
        // The tile attribution's link texts are the data's licence (© OpenStreetMap contributors).
        if (text && !element.closest('.maplibregl-ctrl-attrib-inner')) names.add(text);
      }
    }
    return [...names];
  });
}

const DESK_SCREENS = [
  { link: 'Dashboard', heading: 'Panel de Control' },
  { link: 'Conductores', heading: 'Conductores' },
  { link: 'Vehículos', heading: 'Vehículos' },
  { link: 'Despacho', heading: 'Despacho', map: true },
  { link: 'Mapa en Vivo', heading: 'Mapa en Vivo', map: true },
  { link: 'Alertas', heading: 'Alertas' },
  { link: 'Zonas', heading: 'Zonas', map: true },
  { link: 'Historial', heading: 'Historial de Turnos' },
  { link: 'Cuentas', heading: 'Cuentas' },
  { link: 'Reportes', heading: 'Reportes' },
  { link: 'Actividad', heading: 'Actividad' },
  { link: 'Usuarios', heading: 'Usuarios' },
  { link: 'Notificaciones', heading: 'Notificaciones' },
];

test('every screen names its controls in Spanish and its tab after itself', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const titles = new Map<string, string>();
  const english: string[] = [];
  const look = async (screen: string) => {
    titles.set(screen, await page.title());
    for (const name of await controlNames(page)) if (ENGLISH.test(name)) english.push(`${screen}: "${name}"`);
  };

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await look('login');

  await logIn(page);
  for (const { link, heading, map } of DESK_SCREENS) {
    // A link may carry a count after its name ("Alertas 1 sin reconocer").
    await page.getByRole('navigation').getByRole('link', { name: new RegExp(`^${link}(\\s|$)`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // MapLibre adds its controls once the map is made.
    if (map) await expect(page.locator('.maplibregl-ctrl-zoom-in').first()).toBeAttached();
    await look(link);
  }
  // A shift's replay (its own map). Not the newest shift's: other journeys leave shifts without a
  // point (/conductor at 360 px), whose replay has no map. One with a trail, found through the API.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('flota:session') ?? '{}') as { token?: string }).token ?? '');
  const headers = { authorization: `Bearer ${token}` };
  const history = (await (await page.request.get('/api/shifts/history?limit=50', { headers })).json()) as { shifts: { id: number; is_active: boolean }[] };
  let withTrail: number | null = null;
  for (const shift of history.shifts.filter((candidate) => !candidate.is_active)) {
    const replay = (await (await page.request.get(`/api/shifts/${shift.id}/replay`, { headers })).json()) as { time_steps_ms?: number[] };
    if ((replay.time_steps_ms ?? []).length > 0) {
      withTrail = shift.id;
      break;
    }
  }
  expect(withTrail, 'a finished shift with a trail among the newest 50').not.toBeNull();
  await page.goto(`/dashboard/history/${withTrail}/replay`);
  await expect(page.locator('.maplibregl-ctrl-zoom-in')).toBeAttached();
  await look('replay');

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CL' });
  const driverPage = await phone.newPage();
  await driverPage.goto(`/conductor?flota=${DEMO_FLEET_CODE}`);
  await expect(driverPage.getByRole('heading', { name: 'Ingreso de conductor' })).toBeVisible();
  titles.set('conductor', await driverPage.title());
  await phone.close();

  // The canvas of every map is named in Spanish too (MapLibre's Map.Title).
  expect(english, 'controls named in English').toEqual([]);
  const seen = [...titles.entries()];
  const repeated = seen.filter(([, title], index) => seen.findIndex(([, other]) => other === title) !== index);
  expect(repeated, `titles: ${JSON.stringify(Object.fromEntries(titles))}`).toEqual([]);
  expect(titles.get('Despacho')).toBe('Despacho · Flota');
  expect(titles.get('Mapa en Vivo')).toBe('Mapa en Vivo · Flota');
});
