/**
 * Mapa en Vivo in Chromium against the real server (SIMULATOR=off, so the seeded positions stay
 * put): tiles and taxis on the canvas, the list and badge, the popup, a location posted through the
 * driver API moving the taxi, one socket kept off the map (Alertas), and recovery from a server restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import type { Shift } from '../contract/entities';
import { lookAtMap, mapAtRest, openLiveMap, ownerApi, postLocation } from './support/liveMap';
import { E2E_TILE_PORT, workerPorts } from './support/ports';
import { logIn, screenshotPath } from './support/session';
import { spawnServer } from './support/spawnedServer';

const clock = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'America/Santiago' });

test('the live map shows tiles, one taxi per located driver, the list, and a popup that follows a posted location', async ({ page, request }) => {
  const seeded = (await ownerApi(request)).shifts;
  expect(seeded).toHaveLength(6);
  // The seeded positions go stale after STALE_AFTER_SECONDS while earlier journeys run: each located
  // taxi reports where it is again, through the driver API, so all five are live.
  for (const shift of seeded.filter((s) => s.latitude !== null)) await postLocation(request, shift, shift.latitude as number, shift.longitude as number);
  const { shifts } = await ownerApi(request);
  const located = shifts.filter((s) => s.latitude !== null);
  expect(located).toHaveLength(5);

  const tileResponses: number[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`http://127.0.0.1:${E2E_TILE_PORT}/`)) tileResponses.push(response.status());
  });
  await logIn(page);
  await openLiveMap(page);

  await expect(page.getByText('5 conductores con ubicación')).toBeVisible();
  const list = page.getByRole('region', { name: 'Conductores Activos' });
  for (const [index, shift] of shifts.entries()) {
    await expect(list.getByRole('button', { name: new RegExp(`^#${index + 1} ${shift.first_name} ${shift.last_name}`) })).toBeVisible();
  }
  await expect(list.getByRole('button').filter({ hasText: '⚪ Sin ubicación' })).toHaveCount(1);
  await expect(list.getByRole('button').filter({ hasText: '🟢 En línea' })).toHaveCount(5);
  await expect(page.getByText('© OpenStreetMap contributors')).toBeVisible();

  await page.getByRole('button', { name: 'Ver todos' }).click();
  await expect.poll(() => tileResponses.filter((status) => status === 200).length).toBeGreaterThan(3);
  // Every located taxi is drawn: as its own marker, or in a group where markers would overlap
  // (e2e/liveMapConsole.spec.ts opens the groups).
  await expect.poll(async () => (await lookAtMap(page)).taxis, { timeout: 15_000 }).toBeGreaterThan(0);
  const look = await lookAtMap(page);
  if (look.groups.length === 0) expect(look.taxis).toBe(5);
  else expect(look.taxis + look.groups.length).toBeLessThan(5);
  expect(look.share.tile).toBeGreaterThan(0.5);
  await page.screenshot({ path: screenshotPath('live-map-all') });

  // A list entry opens that taxi's popup, with its driver and last update.
  const first = located[0];
  const number = shifts.indexOf(first) + 1;
  await list.getByRole('button', { name: new RegExp(`^#${number} `) }).click();
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toContainText(`#${number} ${first.first_name} ${first.last_name}`);
  await expect(popup).toContainText(first.plate_number ?? 'N/A');
  await expect(popup).toContainText(`Última actualización: ${clock.format(new Date(first.last_location_time as string))}`);
  await mapAtRest(page); // the fly-to animation is over before the screenshot
  await page.screenshot({ path: screenshotPath('live-map-popup') });
  const before = await popup.boundingBox();

  // The driver's phone sends a new point about 300 m north-east: the taxi and its popup move.
  const timestamp = await postLocation(request, first, (first.latitude as number) + 0.002, (first.longitude as number) + 0.002);
  await expect(popup).toContainText(`Última actualización: ${clock.format(new Date(timestamp))}`);
  await expect.poll(async () => {
    const after = await popup.boundingBox();
    return before && after ? Math.hypot(after.x - before.x, after.y - before.y) : 0;
  }).toBeGreaterThan(20);
  await page.screenshot({ path: screenshotPath('live-map-moved') });
});

test.describe('with a server of its own', () => {
  // Ports of this helper's range (see the e2e README): the main e2e server is E2E_PORT.
  const port = workerPorts().spare;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-restart-'));
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('the desk keeps one socket off the map (Alertas listens on every screen); a server restart shows Reconectando... and recovers without a reload', async ({ page, request }) => {
    test.setTimeout(240_000);
    let server = await spawnServer({ port, tilePort: port + 1, dataDir });
    try {
      const { ownerId, shifts } = await ownerApi(request, server.url);
      const socketLog = (what: string) => server.output().split('\n').filter((line) => line.includes(`"msg":"${what}"`) && line.includes(`"ownerId":${ownerId}`));

      await logIn(page);
      await openLiveMap(page);
      await expect.poll(() => socketLog('socket conectado').length).toBe(1);
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();

      // Back on the map: the same connection, never dropped and never opened twice.
      await openLiveMap(page);
      expect(socketLog('socket conectado')).toHaveLength(1);
      expect(socketLog('socket desconectado')).toHaveLength(0);
      const shift = shifts.find((s) => s.latitude !== null) as Shift;
      await page.getByRole('region', { name: 'Conductores Activos' }).getByRole('button', { name: new RegExp(`^#${shifts.indexOf(shift) + 1} `) }).click();
      const popup = page.locator('.maplibregl-popup');
      await expect(popup).toContainText(`${shift.first_name} ${shift.last_name}`);

      await server.stop();
      await expect(page.getByText('Reconectando...')).toBeVisible();
      const pageLoads: string[] = [];
      page.on('load', () => pageLoads.push(page.url()));

      server = await spawnServer({ port, tilePort: port + 1, dataDir });
      await expect(page.getByText('Reconectando...')).toBeHidden({ timeout: 45_000 });
      await expect.poll(() => socketLog('socket conectado').length).toBe(1); // the new process's log

      const timestamp = await postLocation(request, shift, (shift.latitude as number) - 0.002, shift.longitude as number, server.url);
      await expect(popup).toContainText(`Última actualización: ${clock.format(new Date(timestamp))}`);
      expect(pageLoads).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
