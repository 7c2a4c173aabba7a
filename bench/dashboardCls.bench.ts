/**
 * `npm run bench -- dashboardCls`: the Panel de Control's layout shift (CLS) as it loads, in
 * Debian's headless Chromium against this production build (`npm run build` first) and the demo
 * fleet, at 1366×768, 390×844 and 360×740 (issue 38: "Dashboard CLS ≤ 0.1, and on a phone
 * 'Requiere atención' above the fold"; it was measured at up to 0.22 on a phone).
 *
 * Each run is a fresh load of /dashboard, signed in, with a PerformanceObserver('layout-shift')
 * registered before the page's first script; CLS is the largest session window (shifts less than
 * 1 s apart, at most 5 s: web-vitals' definition) of the shifts without recent input, read after
 * the page has been quiet for 4 s. The order the dashboard's requests answer in varies run to
 * run, so the figure is a median and a maximum of RUNS loads; the largest shifts' elements are
 * printed to say what moved. BASE_DIST=<another build's dist folder> measures that build first,
 * served by the same server code, for a before and after. Prints figures; never fails.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs } from '../e2e/playwright.config';
import { startServer } from './bundleSizes';
import { loadAverage } from './stats';

const PORT = Number(process.env.BENCH_PORT ?? 5614);
const RUNS = Number(process.env.CLS_RUNS ?? 5);
const BUDGET = 0.1;
const SIZES = [
  { width: 1366, height: 768, phone: false },
  { width: 390, height: 844, phone: true },
  { width: 360, height: 740, phone: true },
];

interface Load {
  cls: number;
  sources: string[];
  /** The top of "Requiere atención" once loaded, in CSS pixels from the top of the viewport. */
  attentionTop: number;
}

/** Registered before the page's scripts: every layout shift, with what moved. */
const OBSERVE = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources || []).map((s) => {
        const node = s.node;
        if (!node || !node.nodeName) return '?';
        const el = node.nodeType === 1 ? node : node.parentElement;
        return el ? (el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '')) : '#text';
      });
      window.__shifts.push({ value: entry.value, time: entry.startTime, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** web-vitals' CLS: the largest sum of a session window (gaps under 1 s, at most 5 s long). */
function sessionCls(shifts: { value: number; time: number }[]): number {
  let best = 0;
  let current = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (current > 0 && shift.time - last < 1000 && shift.time - first < 5000) current += shift.value;
    else {
      current = shift.value;
      first = shift.time;
    }
    last = shift.time;
    best = Math.max(best, current);
  }
  return best;
}

async function loadOnce(browser: Browser, origin: string, size: (typeof SIZES)[number]): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, isMobile: size.phone, hasTouch: size.phone, locale: 'es-CL', timezoneId: 'America/Santiago' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('RUT').fill('12.345.678-5');
    await page.getByLabel('Contraseña').fill('flota-demo');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    // A fresh load of the dashboard, observed from its first frame.
    await page.addInitScript(OBSERVE);
    await page.goto(`${origin}/dashboard`);
    await page.getByRole('heading', { name: /^Requiere atención/ }).waitFor();
    // Quiet for 4 s: no request in flight the page started, then read.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(4000);
    const shifts = (await page.evaluate(() => (window as unknown as { __shifts: { value: number; time: number; sources: string[] }[] }).__shifts)) ?? [];
    const attentionTop = await page.getByRole('heading', { name: /^Requiere atención/ }).evaluate((heading) => heading.getBoundingClientRect().top);
    const sources = shifts.filter((s) => s.value >= 0.01).map((s) => `${s.value.toFixed(3)} ${s.sources.slice(0, 3).join(', ')}`);
    return { cls: sessionCls(shifts), sources, attentionTop };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  if (!existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('No production build: run `npm run build` first.');
  const builds = [{ name: 'esta', dist: path.join(root, 'dist') }];
  if (process.env.BASE_DIST) builds.unshift({ name: 'base', dist: path.resolve(process.env.BASE_DIST) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    console.log(`Panel de Control: CLS al cargar (presupuesto ≤ ${BUDGET}), ${RUNS} cargas por tamaño, carga ${loadAverage()}`);
    const results = new Map<string, Load[]>();
    for (const build of builds) {
      const stop = await startServer(root, PORT, build.dist);
      try {
        for (let i = 0; i < RUNS; i += 1) {
          for (const size of SIZES) {
            const key = `${build.name} ${size.width}×${size.height}`;
            results.set(key, [...(results.get(key) ?? []), await loadOnce(browser, `http://127.0.0.1:${PORT}`, size)]);
          }
        }
      } finally {
        await stop();
      }
    }
    for (const [key, loads] of results) {
      const values = loads.map((load) => load.cls);
      const height = Number(key.split('×')[1]);
      const tops = loads.map((load) => load.attentionTop);
      console.log(
        `  ${key.padEnd(16)} CLS mediana ${median(values).toFixed(3)} · máx ${Math.max(...values).toFixed(3)} (${Math.max(...values) <= BUDGET ? 'dentro' : 'FUERA'}) · "Requiere atención" a ${Math.round(median(tops))} px de ${height} (${Math.max(...tops) < height - 40 ? 'sobre el pliegue' : 'BAJO el pliegue'})`,
      );
      const moved = [...new Set(loads.flatMap((load) => load.sources))].slice(0, 4);
      for (const line of moved) console.log(`      se movió: ${line}`);
    }
    console.log(`  carga al terminar ${loadAverage()}`);
  } finally {
    await browser.close();
  }
}
