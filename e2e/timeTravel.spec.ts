/**
 * DevTools time-travel in the real app: jumping to a recorded state (as the extension does) moves
 * the map and the selection, without a new socket or a new request.
 */
import { expect, test, type Request } from './support/test';
import { installFakeDevTools } from './support/fakeDevTools';
import { logIn, screenshotPath } from './support/session';

interface LiveMapView {
  center: [number, number] | null;
  zoom: number;
  selectedShiftId: number | null;
}
type AppState = { liveMap: LiveMapView } & Record<string, unknown>;

/** The slippy-map tile holding a point at a zoom level. */
function tileOf([lng, lat]: [number, number], zoom: number) {
  const n = 2 ** zoom;
  const x = Math.floor(((lng + 180) / 360) * n);
  const latRad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n);
  return `/${zoom}/${x}/${y}.png`;
}

test('jumping to an earlier or later state moves the map and the selection, without reconnecting or requesting', async ({ page }) => {
  await page.addInitScript(installFakeDevTools);
  // The production build connects to DevTools only when config.json says so (DEVTOOLS=on).
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), devTools: true } });
  });
  await logIn(page);
  await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
  const activeDrivers = page.getByRole('region', { name: 'Conductores Activos' });
  await expect(activeDrivers).toBeVisible();
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __fakeDevTools: { names(): string[] } }).__fakeDevTools.names())).toEqual(['Flota']);

  // State A: the map as first shown (once its first fit has written the view). Then a taxi is
  // selected, and a close-up of it is the other state to jump to.
  const currentState = async () => (await page.evaluate(() => (window as unknown as { __fakeDevTools: { state(): unknown } }).__fakeDevTools.state())) as AppState;
  await expect.poll(async () => (await currentState()).liveMap.center).not.toBeNull();
  const stateA = await currentState();
  expect(stateA.liveMap.selectedShiftId).toBeNull();
  await activeDrivers.getByRole('button', { name: /^#2\b/ }).click();
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toBeVisible();
  const selectedName = (await popup.textContent()) ?? '';
  const stateAfterSelect = await currentState();
  const closeUp: AppState = { ...stateAfterSelect, liveMap: { ...stateAfterSelect.liveMap, zoom: 18 } };
  expect(closeUp.liveMap.center).not.toBeNull();

  // From here on, nothing may reach the network or open a socket.
  const requests: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) requests.push(`${request.method()} ${url.pathname}`);
  };
  const sockets: string[] = [];
  page.on('request', onRequest);
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const tiles: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.png')) tiles.push(new URL(request.url()).pathname);
  });

  // Jump back to A: the popup goes away (nothing selected then).
  await page.evaluate((state) => (window as unknown as { __fakeDevTools: { jump(s: unknown): void } }).__fakeDevTools.jump(state), stateA);
  await expect(popup).toHaveCount(0);

  // Jump to the close-up: the popup of the selected taxi is back and the map fetches the tile under
  // it at that zoom (MapLibre asks 256-px raster tiles one level deeper than the map's zoom).
  await page.evaluate((state) => (window as unknown as { __fakeDevTools: { jump(s: unknown): void } }).__fakeDevTools.jump(state), closeUp);
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(selectedName.slice(0, 12));
  const closeUpTile = tileOf(closeUp.liveMap.center as [number, number], 19);
  await expect.poll(() => tiles.includes(closeUpTile)).toBe(true);
  await page.screenshot({ path: screenshotPath('time-travel-close-up') });

  // And back to A once more; then check that no jump reached the network.
  await page.evaluate((state) => (window as unknown as { __fakeDevTools: { jump(s: unknown): void } }).__fakeDevTools.jump(state), stateA);
  await expect(popup).toHaveCount(0);
  await page.waitForTimeout(500); // give a (wrong) reconnect or refetch the time to show up
  expect(requests).toEqual([]);
  expect(sockets).toEqual([]);
});
