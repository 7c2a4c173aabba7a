import { expect, type Page } from '@playwright/test';
import { runtimeConfigDefaults } from '../../contract/runtimeConfig';

export const DEMO_RUT = '12.345.678-5';
export const DEMO_PASSWORD = 'flota-demo';
/** The demo fleet's code: drivers sign in within it. */
export const DEMO_FLEET_CODE = 'LIGUA1';

/** Where the SPA keeps its session: `${storagePrefix}:session` (src/app/sessionPersistence.ts). */
const SESSION_KEY = 'session';

/**
 * Tokens this worker already holds, by server and account. Keyed by origin: several spawned servers
 * (each with its own JWT secret) can sit behind one port over a run, so a cached token is checked
 * with GET /api/auth/me before use, and replaced when that server no longer knows it.
 */
const tokens = new Map<string, string>();

/**
 * Opens the dashboard signed in, without the login screen: a token from the API (one password check
 * per account and server per worker) put where the SPA restores its session from. The login screen
 * itself is tested by e2e/auth.spec.ts through logInThroughForm.
 */
export async function logIn(page: Page, rut = DEMO_RUT, password = DEMO_PASSWORD) {
  // A same-origin document to write localStorage in, and the storage prefix the SPA will use.
  const config = await page.goto('/config.json');
  expect(config?.ok(), 'config.json before signing in').toBe(true);
  const { storagePrefix = runtimeConfigDefaults.storagePrefix } = (await config?.json()) as { storagePrefix?: string };
  const key = `${new URL(page.url()).origin} ${rut} ${password}`;

  let token = tokens.get(key);
  let me = token ? await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }) : undefined;
  if (!me?.ok()) {
    const login = await page.request.post('/api/auth/login', { data: { rut, password } });
    expect(login.ok(), `POST /api/auth/login as ${rut}: ${login.status()}`).toBe(true);
    token = ((await login.json()) as { token: string }).token;
    tokens.set(key, token);
    me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  }
  const { user } = (await me.json()) as { user: unknown };
  await page.evaluate(([name, session]) => localStorage.setItem(name, session), [`${storagePrefix}:${SESSION_KEY}`, JSON.stringify({ token, user })] as const);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();
}

/** Signs in through the login screen, as a dispatcher would. */
export async function logInThroughForm(page: Page, rut = DEMO_RUT, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('RUT').fill(rut);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();
}

export function screenshotPath(name: string) {
  return `e2e/artifacts/screenshots/${name}.png`;
}
