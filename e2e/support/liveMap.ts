/** What the live-map browser tests share: the owner's view through the API, a driver's post, and a look at the canvas. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Shift } from '../../contract/entities';
import { DEMO_FLEET_CODE, DEMO_PASSWORD, DEMO_RUT } from './session';

export async function ownerApi(request: APIRequestContext, baseUrl = '') {
  const login = await request.post(`${baseUrl}/api/auth/login`, { data: { rut: DEMO_RUT, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const active = await request.get(`${baseUrl}/api/shifts/active`, { headers: { authorization: `Bearer ${token}` } });
  return { ownerId: user.id, shifts: ((await active.json()) as { shifts: Shift[] }).shifts };
}

/**
 * Sends one point as the shift's driver would, through the driver API; returns its timestamp: now,
 * or `at` (the server's own now, when its clock runs behind: FLOTA_CLOCK_OFFSET).
 */
export async function postLocation(request: APIRequestContext, shift: Shift, latitude: number, longitude: number, baseUrl = '', at = new Date()) {
  const login = await request.post(`${baseUrl}/api/driver/login`, { data: { fleet_code: DEMO_FLEET_CODE, rut: shift.rut, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const timestamp = at.toISOString();
  const posted = await request.post(`${baseUrl}/api/driver/locations`, {
    headers: { authorization: `Bearer ${token}` },
    data: { locations: [{ latitude, longitude, timestamp }] },
  });
  expect(posted.status()).toBe(202);
  return timestamp;
}

export async function openLiveMap(page: Page) {
  await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
  await expect(page.getByRole('heading', { name: 'Mapa en Vivo' })).toBeVisible();
}

export interface Blob {
  /** Centre, in CSS pixels of the map canvas. */
  x: number;
  y: number;
  size: number;
}

export interface CanvasLook {
  share: { tile: number; taxi: number };
  /** Separate yellow blobs of at least 100 px: taxi icons. */
  taxis: number;
  taxiBlobs: Blob[];
  /** Blue discs (#1d4ed8) of at least 100 px: groups of taxis. */
  groups: Blob[];
}

/** What the map canvas shows, from a screenshot decoded by the browser (nothing of the app exposed). */
export async function lookAtMap(page: Page): Promise<CanvasLook> {
  const png = await page.locator('.flota-live-map canvas').screenshot();
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
    const yellow = new Uint8Array(width * height);
    const blue = new Uint8Array(width * height);
    let tile = 0;
    let taxi = 0;
    for (let i = 0; i < width * height; i += 1) {
      const [r, g, b] = [data[i * 4], data[i * 4 + 1], data[i * 4 + 2]];
      // The local tile server's colours: white streets, pale blocks (236-tint, 232, 222+tint/2).
      if ((r > 250 && g > 250 && b > 250) || (r >= 215 && r <= 240 && g >= 226 && g <= 238 && b >= 216 && b <= 234)) tile += 1;
      // The taxi icon's yellow, #f5b700.
      if (r > 225 && g > 160 && g < 205 && b < 60) {
        taxi += 1;
        yellow[i] = 1;
      }
      // A group's blue, #1d4ed8.
      if (r < 60 && g > 60 && g < 100 && b > 190) blue[i] = 1;
    }
    const blobs = (mask: Uint8Array) => {
      const found: { x: number; y: number; size: number }[] = [];
      for (let start = 0; start < mask.length; start += 1) {
        if (!mask[start]) continue;
        let size = 0;
        let sumX = 0;
        let sumY = 0;
        const stack = [start];
        mask[start] = 0;
        while (stack.length) {
          const at = stack.pop() as number;
          size += 1;
          const x = at % width;
          sumX += x;
          sumY += Math.floor(at / width);
          for (const next of [at - width, at + width, x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1]) {
            if (next >= 0 && next < mask.length && mask[next]) {
              mask[next] = 0;
              stack.push(next);
            }
          }
        }
        if (size >= 100) found.push({ x: sumX / size / devicePixelRatio, y: sumY / size / devicePixelRatio, size });
      }
      return found;
    };
    const taxiBlobs = blobs(yellow);
    const total = width * height;
    return { share: { tile: tile / total, taxi: taxi / total }, taxis: taxiBlobs.length, taxiBlobs, groups: blobs(blue) };
  }, png.toString('base64'));
}

const mapCanvas = (page: Page) => page.locator('.flota-live-map canvas');

/**
 * Waits until a map's canvas (the live map's by default) draws the same picture twice in a row:
 * the camera's animation is over and the tiles it asked for are in. Only for a map whose taxis
 * stand still (no simulator).
 */
export async function mapAtRest(page: Page, canvas: Locator = mapCanvas(page)) {
  let last = await canvas.screenshot();
  await expect
    .poll(
      async () => {
        const next = await canvas.screenshot();
        const same = next.equals(last);
        last = next;
        return same;
      },
      { message: 'the map comes to rest', timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
}

/** Waits until the live map draws something other than `before` (mapScreenshot's), then until it rests. */
export async function mapMovedAndAtRest(page: Page, before: Buffer) {
  await expect.poll(async () => !(await mapCanvas(page).screenshot()).equals(before), { message: 'the map moves', timeout: 15_000, intervals: [100] }).toBe(true);
  await mapAtRest(page);
}

export const mapScreenshot = (page: Page) => mapCanvas(page).screenshot();

/** Counts the socket.io messages carrying one of these events that the page receives from now on. */
export function countSocketEvents(page: Page, ...events: string[]): () => number {
  let count = 0;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && events.some((event) => payload.includes(`"${event}"`))) count += 1;
    }),
  );
  return () => count;
}
