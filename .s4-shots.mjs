// Screenshots of la bandeja and the toasts for issue 46 item 2 (not committed).
import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:16800';
const OUT = '/tmp/s4-shots';
const api = async (path, { token, json, method } = {}) => {
  const r = await fetch(BASE + path, { method: method ?? (json ? 'POST' : 'GET'), headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: json ? JSON.stringify(json) : undefined });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
};
const login = await api('/api/auth/login', { json: { rut: '12.345.678-5', password: 'flota-demo' } });
const token = login.body.token;
const user = login.body.user;
const O = { lat: -32.4519, lng: -71.2264 };
const m2lat = (m) => m / 111_320, m2lng = (m) => m / (111_320 * Math.cos((O.lat * Math.PI) / 180));
const pt = (e, n) => ({ latitude: O.lat + m2lat(n), longitude: O.lng + m2lng(e) });
const sq = (x0, y0, x1, y1) => ({ type: 'Polygon', coordinates: [[[O.lng + m2lng(x0), O.lat + m2lat(y0)], [O.lng + m2lng(x1), O.lat + m2lat(y0)], [O.lng + m2lng(x1), O.lat + m2lat(y1)], [O.lng + m2lng(x0), O.lat + m2lat(y1)], [O.lng + m2lng(x0), O.lat + m2lat(y0)]]] });
const zones = (await api('/api/zones', { token })).body.zones;
if (!zones.some((z) => z.name === 'Terminal de buses')) await api('/api/zones', { token, json: { name: 'Terminal de buses', kind: 'terminal', color: '#2563eb', geometry: sq(0, 0, 300, 300) } });
const drivers = (await api('/api/drivers', { token })).body.drivers.filter((d) => d.is_active !== false).slice(0, 12);
const taxis = [];
for (const d of drivers) {
  if (taxis.length >= 4) break;
  const l = await api('/api/driver/login', { json: { fleet_code: 'LIGUA1', rut: d.rut, password: 'flota-demo' } });
  if (l.status !== 200) continue;
  const s = await api('/api/driver/shifts/start', { token: l.body.token, json: {} });
  if (s.status !== 200 && s.status !== 409) { console.log('start', s.status, JSON.stringify(s.body)); continue; }
  taxis.push({ token: l.body.token, t: Date.now() - 20 * 60_000 });
}
console.log('taxis', taxis.length);
const post = async (taxi, e, n) => {
  taxi.t += 20_000;
  const r = await api('/api/driver/locations', { token: taxi.token, json: { locations: [{ ...pt(e, n), timestamp: new Date(Math.min(taxi.t, Date.now())).toISOString() }] } });
  if (r.status !== 202) console.log('loc', r.status, JSON.stringify(r.body));
};
const inOut = async (taxi, times) => { for (let i = 0; i < times; i++) { await post(taxi, -200, 150); await post(taxi, 150, 150); } await post(taxi, -200, 150); };
await inOut(taxis[0], 3);
await inOut(taxis[1], 1);
await new Promise((r) => setTimeout(r, 2500));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'] });
async function open(width, height, path, scheme = 'light') {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme });
  const page = await context.newPage();
  await page.goto(BASE + '/config.json');
  const cfg = await (await page.request.get(BASE + '/config.json')).json();
  const prefix = cfg.storagePrefix ?? 'flota';
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`${prefix}:session`, JSON.stringify({ token, user })]);
  await page.goto(BASE + path);
  return { page, context };
}
{
  const { page, context } = await open(1366, 768, '/dashboard/alerts');
  await page.getByRole('list', { name: 'Alertas' }).waitFor({ timeout: 30000 });
  await page.getByRole('checkbox').first().check();
  await page.screenshot({ path: `${OUT}/inbox-1366x768-light.png` });
  await page.getByRole('button', { name: 'Silenciar zona 1 h' }).first().click();
  await page.getByRole('group', { name: 'Zonas silenciadas' }).waitFor();
  await page.screenshot({ path: `${OUT}/inbox-muted-1366x768-light.png` });
  await page.getByRole('button', { name: /^Reactivar/ }).first().click();
  await context.close();
}
{
  const { page, context } = await open(390, 844, '/dashboard/alerts', 'dark');
  await page.getByRole('list', { name: 'Alertas' }).waitFor({ timeout: 30000 });
  await page.screenshot({ path: `${OUT}/inbox-390x844-dark.png` });
  await context.close();
}
for (const [w, h] of [[1366, 768], [390, 844]]) {
  const { page, context } = await open(w, h, '/dashboard/dispatch');
  await page.getByRole('region', { name: 'Tablero de viajes' }).waitFor({ timeout: 30000 });
  await new Promise((r) => setTimeout(r, 1500));
  if (w < 500) await page.getByRole('region', { name: 'Tablero de viajes' }).scrollIntoViewIfNeeded();
  await inOut(taxis[2] ?? taxis[0], 2);
  await inOut(taxis[3] ?? taxis[1], 1);
  await new Promise((r) => setTimeout(r, 2500));
  const board = await page.getByRole('region', { name: 'Tablero de viajes' }).boundingBox();
  const stack = await page.locator('.flota-notices').boundingBox();
  const notices = await page.locator('.flota-notice').allTextContents();
  console.log(w, 'board', JSON.stringify(board), 'stack', JSON.stringify(stack), notices);
  await page.screenshot({ path: `${OUT}/dispatch-toasts-${w}x${h}-light.png` });
  await context.close();
}
await browser.close();
