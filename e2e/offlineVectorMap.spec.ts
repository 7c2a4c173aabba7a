/**
 * The intranet's vector base map (issue 37 item 6): a vector PMTiles archive in the Protomaps schema
 * (vectorArchive.ts: land, the sea west of La Ligua, a road and the town's label) served by Flota
 * itself (TILES_PMTILES). The live map draws it with the Protomaps layers: every request the page
 * makes, the archive's Range reads, the glyphs and the sprite, goes to Flota's own origin; the
 * glyphs are answered (the town's label is drawn with them); the canvas shows the sea's and the
 * land's colours, light and then dark with the app's theme (pixel checks on screenshots).
 * Screenshots: e2e/artifacts/screenshots/offline-vector-live-map-{light,dark}-1366.png.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { workerPorts } from './support/ports';
import { shareOfColour } from './support/canvasColour';
import { logIn, screenshotPath } from './support/session';
import { spawnServer } from './support/spawnedServer';
import { writeVectorArchive } from './support/vectorArchive';

const port = workerPorts().spare;
/** The Protomaps flavours' colours (@protomaps/basemaps 5.7): water and earth, light and dark. */
const LIGHT = { water: [128, 222, 234], earth: [226, 223, 218] } as const;
const DARK = { water: [49, 53, 63], earth: [31, 31, 31] } as const;
const CANVAS = '.maplibregl-canvas';

test.describe('a vector PMTiles archive Flota serves (a server of its own)', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-vector-'));
  const archive = path.join(folder, 'la-ligua-vector.pmtiles');
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('the live map draws it with the Protomaps layers, glyphs and sprite from Flota\'s build, light and dark, and nothing leaves Flota\'s origin', async ({ page }) => {
    test.setTimeout(180_000);
    writeVectorArchive(archive);
    const server = await spawnServer({ port, tilePort: port + 1, dataDir: path.join(folder, 'data'), env: { TILES_PMTILES: archive } });
    try {
      const origin = new URL(server.url).origin;
      const requests: string[] = [];
      const answers: { url: string; status: number }[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('response', (response) => answers.push({ url: response.url(), status: response.status() }));
      await page.emulateMedia({ colorScheme: 'light' });
      await logIn(page);
      await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
      await expect(page.getByRole('region', { name: 'Mapa en vivo' })).toBeVisible();

      // The sea west of La Ligua and the land east of it, in the light flavour's colours.
      await expect.poll(() => shareOfColour(page, CANVAS, [...LIGHT.water]), { timeout: 30_000 }).toBeGreaterThan(0.15);
      expect(await shareOfColour(page, CANVAS, [...LIGHT.earth])).toBeGreaterThan(0.15);
      // The town's label needs its glyphs: they were asked for and answered from the build.
      await expect.poll(() => answers.filter((answer) => answer.url.startsWith(`${origin}/map/fonts/`)).length, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect(page.getByText('Mapa base no disponible')).toHaveCount(0);
      await page.screenshot({ path: screenshotPath('offline-vector-live-map-light-1366') });

      // The app's theme turns dark: the base map takes the dark flavour, in place.
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => shareOfColour(page, CANVAS, [...DARK.water]), { timeout: 30_000 }).toBeGreaterThan(0.15);
      expect(await shareOfColour(page, CANVAS, [...DARK.earth])).toBeGreaterThan(0.15);
      await page.screenshot({ path: screenshotPath('offline-vector-live-map-dark-1366') });

      const elsewhere = requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
      expect(elsewhere, 'requests that left Flota\'s origin').toEqual([]);
      const glyphs = answers.filter((answer) => answer.url.startsWith(`${origin}/map/fonts/`));
      expect(glyphs.map((answer) => decodeURIComponent(new URL(answer.url).pathname))).toContain('/map/fonts/Noto Sans Regular/0-255.pbf');
      expect(glyphs.every((answer) => answer.status === 200), JSON.stringify(glyphs)).toBe(true);
      const sprite = answers.filter((answer) => /\/map\/sprite(@2x)?\.(json|png)$/.test(answer.url));
      expect(sprite.map((answer) => path.extname(answer.url)).sort()).toEqual(['.json', '.png']);
      expect(sprite.every((answer) => answer.status === 200)).toBe(true);
      const tiles = answers.filter((answer) => answer.url === `${origin}/tiles/la-ligua-vector.pmtiles`);
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.every((answer) => answer.status === 206)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
