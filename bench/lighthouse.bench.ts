/**
 * `npm run bench -- lighthouse`: Lighthouse 12's Performance score (mobile preset: a mid-range phone
 * on a slow 4G link, simulated) for /login and /dashboard of this production build (`npm run build`
 * first), served by the real server, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 * The dashboard is measured signed in: the browser logs in first and Lighthouse keeps its storage.
 * Target: 90 or more on both. The score moves with the machine's load: quote it as indicative.
 * /dashboard/map is measured too, and a passenger's /seguimiento/<token> page (issue 36). Lighthouse 12 dropped its PWA audits (installable-manifest), so
 * installability is asked of Chromium itself, as DevTools' Application panel does: the web app
 * manifest it parsed and Page.getInstallabilityErrors (none: the browser offers to install).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServer, trackingPagePath } from './bundleSizes';
import { loadAverage } from './stats';

const PORT = Number(process.env.BENCH_PORT ?? 5612);
const TARGET = 90;

export async function run(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  if (!existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('No production build: run `npm run build` first.');
  // Both are ES modules.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const stop = await startServer(root, PORT);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  });
  try {
    const origin = `http://127.0.0.1:${PORT}`;
    // Sign in once in that same browser, so /dashboard is the signed-in screen.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('RUT').fill('12.345.678-5');
    await page.getByLabel('Contraseña').fill('flota-demo');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    await page.close();

    // The reference measured in the same run is Lighthouse's own: benchmarkIndex, the CPU speed it timed
    // just before each page (higher is faster); a score read beside a lower index had less machine.
    console.log(`Lighthouse ${(JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version}, mobile preset, Performance (target ≥ ${TARGET})`);
    // The passenger's page (issue 36): a real link, made by assigning a demo taxi.
    const tracking = await trackingPagePath(origin);
    for (const route of ['/login', '/dashboard', '/dashboard/map', tracking]) {
      const result = await lighthouse(`${origin}${route}`, { port: chrome.port, onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' });
      const lhr = result?.lhr;
      const score = Math.round((lhr?.categories.performance.score ?? 0) * 100);
      const metric = (id: string) => lhr?.audits[id]?.displayValue ?? '?';
      console.log(
        `${(route === tracking ? '/seguimiento' : route).padEnd(12)} ${String(score).padStart(3)}  FCP ${metric('first-contentful-paint')} · LCP ${metric('largest-contentful-paint')} · TBT ${metric('total-blocking-time')} · CLS ${metric('cumulative-layout-shift')} · CPU ${lhr?.environment.benchmarkIndex ?? '?'}${score >= TARGET ? '' : '  (below target)'}`,
      );
    }
    await reportInstallability(browser, origin);
    console.log(`load average at the end: ${loadAverage()} (the score moves with it)`);
    await browser.close();
  } finally {
    await chrome.kill();
    await stop();
  }
}

/** Chromium's own verdict on installing the app from /dashboard (the manifest it found, and what stops it). */
async function reportInstallability(browser: Awaited<ReturnType<typeof chromium.connectOverCDP>>, origin: string): Promise<void> {
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${origin}/dashboard`);
  await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  console.log(`manifest ${manifest.url || '(none)'}${manifest.errors.length ? `, errors: ${manifest.errors.map((error) => error.message).join('; ')}` : ', parsed without errors'}`);
  console.log(installabilityErrors.length ? `installable: no (${installabilityErrors.map((error) => error.errorId).join(', ')})` : 'installable: yes (Chromium reports no installability error)');
  await page.close();
}
