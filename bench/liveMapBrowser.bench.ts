/**
 * The live map in a real browser (issue 12's proof): the production build in headless Debian
 * Chromium (SwiftShader WebGL), fed by a real socket.io server that sends every taxi's position
 * once a second, for N = 100 / 1,000 / 5,000 taxis; and, alternated in the same run, the naive
 * reference page in bench/naive (one react-map-gl <Marker> per taxi, one dispatch per event).
 *
 * For each page and size, over a window of steady traffic: main-thread busy % (the CPU time of the
 * page's renderer main thread, read outside the page, cdpMainThread.ts, so a page too busy to answer
 * the protocol is measured as the console is), frames presented (Chromium's trace), the location updates
 * the page handled in the window (stamped by its socket listener, read once the feed pauses and a
 * saturated page has caught up), and main-thread work per handled update, printed per round. From the
 * protocol and the page's observers, when it answers after the window: scripting ms per second
 * (ScriptDuration), long tasks (> 50 ms), DOM nodes, JS heap after a forced GC, frames per second,
 * event → source-update p95 (a socket frame's arrival to the next `flota:map-updated` mark, which
 * the console sets when it hands MapLibre a diff and the naive page sets after React commits).
 * Timings are never asserted: the figures are printed.
 *
 * `npm run bench -- liveMapBrowser` (builds dist/ first when it is missing).
 * BENCH_TAXIS=100:5,100,1000,5000,100:0  BENCH_ROUNDS=1  BENCH_WINDOW_S=8  BENCH_PORT=5401 (and +1 for tiles)
 * BENCH_PAGES=console,naive  BENCH_PROFILE=1 (prints the console's top self-time functions per size)
 * BENCH_FRAMES=trace (default: frames the compositor presented, from Chromium's trace) or raf (a
 * requestAnimationFrame loop in the page, as before issue 23: that loop makes every page produce a
 * frame every vsync, which the pages themselves do not ask for, and it is counted in their busy time).
 * `N:M` is N taxis of which only the first M send positions; `N:0` (none moves) is measured over 30 s.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { chromiumArgs } from '../e2e/playwright.config';
import { demoToken, demoUser } from '../src/testing/fixtures';
import { traceMainThread } from './cdpMainThread';
import { startBenchServer } from './liveMapBrowserServer';
import { loadAverage } from './stats';

/** A fleet size and how many of its taxis move ("100:5"); every taxi moves when M is left out. */
interface Size {
  label: string;
  taxis: number;
  moving: number;
}
const SIZES: Size[] = (process.env.BENCH_TAXIS ?? '100:5,100,1000,5000,100:0').split(',').map((entry) => {
  const [taxis, moving] = entry.split(':').map(Number);
  return { label: moving === undefined ? String(taxis) : `${taxis} (${moving} moving)`, taxis, moving: moving ?? taxis };
});
const STILL_WINDOW_S = 30;
const PROFILE = process.env.BENCH_PROFILE === '1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 8);
const WARMUP_S = 3;
const PORT = Number(process.env.BENCH_PORT ?? 5401);
const PAGES = (process.env.BENCH_PAGES ?? 'console,naive').split(',') as PageKind[];
const FRAMES_BY_RAF = process.env.BENCH_FRAMES === 'raf';
const root = path.resolve(__dirname, '..');

type PageKind = 'console' | 'naive';

interface Figures {
  page: PageKind;
  round: number;
  taxis: string;
  busyPercent: number;
  scriptingMsPerSecond: number;
  longTasks: number;
  longTaskMs: number;
  domNodes: number;
  heapMb: number;
  framesPerSecond: number;
  latencyP95Ms: number | null;
  /** Location updates the server sent, and those the page handled (fewer when it cannot keep up). */
  deliveredPerSecond: number;
  appliedPerSecond: number;
  /** Whether the page answered the protocol after the window (a saturated page may not). */
  answered: boolean;
  /** Main-thread ms (Chromium's trace) per location update the page handled. */
  workPerEventMs: number;
}

/**
 * Counts long tasks, socket frames carrying positions and, with BENCH_FRAMES=raf, frames, from before
 * the app's first line. That frame counter is a requestAnimationFrame loop of its own: on a page
 * otherwise idle it is the main cost in a profile, so by default frames come from the trace instead.
 */
const observers = (countFrames: boolean) => `
  window.__bench = { longTasks: [], frames: 0, arrivals: [], handled: [] };
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__bench.longTasks.push([entry.startTime, entry.duration]); })
    .observe({ type: 'longtask', buffered: true });
  const countFrame = () => { window.__bench.frames += 1; requestAnimationFrame(countFrame); };
  if (${countFrames}) requestAnimationFrame(countFrame);
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      // Registered before socket.io's own handler, so it runs first: the moment the event arrived.
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string' || !event.data.startsWith('42["location_')) return;
        const at = performance.now();
        window.__bench.arrivals.push(at);
        // Updates the page handled and when (wall clock, as the bench's window): read after the window, once
        // the feed has paused and a saturated page has worked through its backlog.
        window.__bench.handled.push([Date.now(), event.data.startsWith('42["location_batch') ? event.data.split('"shift_id"').length - 1 : 1]);
      });
    }
  };
`;

async function buildNaivePage(dir: string) {
  await build({
    entryPoints: [path.join(__dirname, 'naive', 'NaivePage.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    outfile: path.join(dir, 'naive.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  copyFileSync(require.resolve('maplibre-gl/dist/maplibre-gl-worker.mjs'), path.join(dir, 'maplibre-gl-worker.mjs'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><link rel="stylesheet" href="/naive/naive.css"></head><body><div id="root"></div><script type="module" src="/naive/naive.js"></script></body></html>',
  );
}

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** The CPU profile's top self-time functions (sampled), as "name (file:line) ms". */
function topFunctions(profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] }, count = 8): string[] {
  const samples = profile.samples?.length ?? 0;
  if (!samples) return [];
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / samples;
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} (${url.split('/').pop() || 'native'}:${lineNumber + 1})`;
    self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0) * msPerSample);
  }
  return [...self.entries()]
    .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${key} ${ms.toFixed(0)} ms`);
}

/** The page's answer, or null when it does not come within `ms` (a saturated page queues the protocol behind its work). */
async function answered<T>(promise: Promise<T>, ms = 10_000): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise.catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type BenchWindow = { __bench: { longTasks: [number, number][]; frames: number; arrivals: number[]; handled: [number, number][] } };

/**
 * Busy time (the renderer main thread's CPU, cdpMainThread.ts), frames (Chromium's trace) and updates
 * handled (read once the feed pauses) are taken alike for both pages, so a page that no longer answers
 * the protocol in the window still gets its work per update; the rest (scripting,
 * long tasks, latency, DOM, heap) needs the page's answer and is "—" when it does not come.
 */
async function measure(page: Page, cdp: CDPSession, kind: PageKind, size: Size, round: number, server: Awaited<ReturnType<typeof startBenchServer>>): Promise<Figures> {
  const taxis = size.label;
  await page.waitForTimeout(WARMUP_S * 1000);
  const startedAt = await answered(page.evaluate(() => performance.now()));
  const before = await answered(metrics(cdp));
  const framesBefore = await answered(page.evaluate(() => (window as unknown as BenchWindow).__bench.frames));
  const profiling = PROFILE && kind === 'console';
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const trace = await traceMainThread(browser, page, !FRAMES_BY_RAF && size.moving > 0);
  server.resetDelivered();
  const windowStart = Date.now();
  await page.waitForTimeout((size.moving === 0 ? STILL_WINDOW_S : WINDOW_S) * 1000);
  const delivered = server.delivered();
  const windowEnd = Date.now();
  const traced = await trace.stop();
  const after = await answered(metrics(cdp), 2_000);
  // The feed pauses so a saturated page works through its backlog and answers; what it handled in the window is then read.
  server.setFleet(size.taxis, 0);
  const handled = await answered(
    page.evaluate(
      ([from, to]) => (window as unknown as BenchWindow).__bench.handled.reduce((sum, [at, count]) => (at >= from && at < to ? sum + count : sum), 0),
      [windowStart, windowEnd],
    ),
    180_000,
  );
  server.setFleet(size.taxis, size.moving);
  if (profiling) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Parameters<typeof topFunctions>[0] };
    console.log(`console ${taxis} taxis, top self time: ${topFunctions(profile, 12).join('; ')}`);
    // Kept for DevTools' Performance panel (names are the bundle's; dist/assets/*.map lead back).
    const file = path.join(os.tmpdir(), `flota-livemap-${taxis.replace(/\W+/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  profile written to ${file}`);
  }
  const seen =
    startedAt === null
      ? null
      : await answered(
          page.evaluate((since) => {
            const bench = (window as unknown as BenchWindow).__bench;
            const marks = performance.getEntriesByName('flota:map-updated').map((entry) => entry.startTime);
            const latencies: number[] = [];
            let next = 0;
            for (const arrival of bench.arrivals) {
              if (arrival < since) continue;
              while (next < marks.length && marks[next] < arrival) next += 1;
              if (next < marks.length) latencies.push(marks[next] - arrival);
            }
            const longTasks = bench.longTasks.filter(([start]) => start >= since);
            return {
              latencies,
              longTasks: longTasks.length,
              longTaskMs: longTasks.reduce((sum, [, duration]) => sum + duration, 0),
              frames: bench.frames,
              now: performance.now(),
              domNodes: document.getElementsByTagName('*').length,
            };
          }, startedAt),
        );
  const heap = seen ? await answered(cdp.send('HeapProfiler.collectGarbage').then(() => metrics(cdp))) : null;
  const { seconds } = traced;
  const rafFrames = seen && framesBefore !== null ? (seen.frames - framesBefore) / ((seen.now - (startedAt ?? 0)) / 1000) : NaN;
  return {
    page: kind,
    round,
    taxis,
    busyPercent: (traced.busyMs / 1000 / seconds) * 100,
    scriptingMsPerSecond: before && after ? ((after.ScriptDuration - before.ScriptDuration) * 1000) / seconds : NaN,
    longTasks: seen?.longTasks ?? NaN,
    longTaskMs: seen?.longTaskMs ?? NaN,
    domNodes: seen?.domNodes ?? NaN,
    heapMb: heap ? heap.JSHeapUsedSize / 1024 / 1024 : NaN,
    framesPerSecond: size.moving === 0 ? NaN : FRAMES_BY_RAF ? rafFrames : traced.presentedPerSecond,
    latencyP95Ms: seen ? percentile(seen.latencies, 95) : null,
    deliveredPerSecond: (delivered * 1000) / (windowEnd - windowStart),
    appliedPerSecond: ((handled ?? NaN) * 1000) / (windowEnd - windowStart),
    answered: seen !== null,
    workPerEventMs: handled ? traced.busyMs / handled : NaN,
  };
}

async function openPage(kind: PageKind, baseUrl: string, taxis: number, countFrames: boolean) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-CL' });
  await context.addInitScript(observers(countFrames));
  // The console opens signed in: the session the app keeps in localStorage.
  await context.addInitScript(`localStorage.setItem('flota:session', ${JSON.stringify(JSON.stringify({ token: demoToken, user: demoUser }))});`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  if (kind === 'console') {
    await page.goto(`${baseUrl}/dashboard/map`);
    await page.getByRole('heading', { name: 'Conductores Activos' }).waitFor({ timeout: 60_000 });
    await page.getByText(`${taxis} taxis`).waitFor({ timeout: 60_000 });
  } else {
    await page.goto(`${baseUrl}/naive/index.html`);
    await page.locator('.maplibregl-marker').first().waitFor({ timeout: 120_000 });
  }
  return { browser, page, cdp };
}

const fixed = (value: number | null, digits = 0) => (value === null || Number.isNaN(value) ? '—' : value.toFixed(digits));

function printTable(results: Figures[]) {
  const rows = SIZES.map((size) => size.label).flatMap((taxis) =>
    PAGES.map((kind) => {
      const runs = results.filter((result) => result.taxis === taxis && result.page === kind);
      if (runs.length === 0) return null;
      const median = (pick: (figures: Figures) => number | null) => percentile(runs.map(pick).filter((value): value is number => value !== null && !Number.isNaN(value)), 50);
      return { taxis, kind, median };
    }),
  ).filter((row) => row !== null);
  console.log('\n| taxis | page | updates/s sent → handled | main thread busy | scripting ms/s | long tasks (ms) | frames/s | event → source p95 | DOM nodes | heap after GC | work per update |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { taxis, kind, median } of rows) {
    console.log(
      `| ${taxis} | ${kind} | ${fixed(median((f) => f.deliveredPerSecond))} → ${fixed(median((f) => f.appliedPerSecond))} | ${fixed(median((f) => f.busyPercent), 1)}% | ${fixed(median((f) => f.scriptingMsPerSecond))} | ${fixed(median((f) => f.longTasks))} (${fixed(median((f) => f.longTaskMs))}) | ${fixed(median((f) => f.framesPerSecond), 1)} | ${fixed(median((f) => f.latencyP95Ms))} ms | ${fixed(median((f) => f.domNodes))} | ${fixed(median((f) => f.heapMb), 1)} MB | ${fixed(median((f) => f.workPerEventMs), 3)} ms |`,
    );
  }
  // Per round (both pages measured back to back in it), then the median: the target at 1,000 is ≥ 10× in each round.
  for (const taxis of SIZES.map((size) => size.label)) {
    const ratios: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const work = (kind: PageKind) => results.find((r) => r.taxis === taxis && r.page === kind && r.round === round)?.workPerEventMs;
      const [ours, naive] = [work('console'), work('naive')];
      if (ours && naive) ratios.push(`round ${round + 1} ${(naive / ours).toFixed(1)}×`);
    }
    if (ratios.length) console.log(`${taxis} taxis: the naive page does ${ratios.join(', ')} the console's main-thread work per handled update (target at 1,000: ≥ 10× in each round)`);
  }
  const busy = (label: string, kind: PageKind = 'console') => percentile(results.filter((r) => r.taxis === label && r.page === kind).map((r) => r.busyPercent), 50);
  const busy5000 = busy('5000');
  if (busy5000 !== null) console.log(`console at 5,000: main thread ${busy5000.toFixed(1)}% busy (target < 15%)`);
  const [ours100, naive100] = [busy('100'), busy('100', 'naive')];
  if (ours100 !== null && naive100 !== null) console.log(`100 taxis all moving: console ${ours100.toFixed(1)}% busy, naive ${naive100.toFixed(1)}% (target: console ≤ naive)`);
  const handful = SIZES.find((size) => size.taxis === 100 && size.moving > 0 && size.moving < 100);
  const busyHandful = handful && busy(handful.label);
  if (busyHandful != null) console.log(`${handful?.label}: console ${busyHandful.toFixed(1)}% busy (target ≤ 5%)`);
  const busyStill = busy('100 (0 moving)');
  if (busyStill !== null) console.log(`100 taxis, none moving for ${STILL_WINDOW_S} s: console ${busyStill.toFixed(1)}% busy (target ≤ 2%)`);
  const nodes = SIZES.filter((size) => size.moving === size.taxis).map((size) => percentile(results.filter((r) => r.taxis === size.label && r.page === 'console').map((r) => r.domNodes), 50));
  console.log(`console DOM nodes by size: ${nodes.map(fixed).join(' → ')} (target: flat)`);
  console.log(`Indicative figures: a shared, noisy machine; software WebGL; frames ${FRAMES_BY_RAF ? 'counted by a requestAnimationFrame loop in the page' : 'presented by the compositor (trace)'}.`);
}

export async function run() {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) {
    console.log('dist/ is missing: npm run build');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const naiveDir = mkdtempSync(path.join(os.tmpdir(), 'flota-naive-'));
  await buildNaivePage(naiveDir);
  const server = await startBenchServer({ port: PORT, tilePort: PORT + 1, distDir: path.join(root, 'dist'), naiveDir });
  const results: Figures[] = [];
  try {
    for (const size of SIZES) {
      const { taxis, label } = size;
      server.setFleet(taxis, size.moving);
      for (let round = 0; round < ROUNDS; round += 1) {
        // Alternated, and in the other order every other round, so drift in the machine's load hits both.
        const order = round % 2 === 0 ? PAGES : [...PAGES].reverse();
        for (const kind of order) {
          const { browser, page, cdp } = await openPage(kind, server.url, taxis, FRAMES_BY_RAF && size.moving > 0).catch((error: unknown) => {
            console.log(`${kind} ${label} taxis, round ${round + 1}: did not open (${String(error).split('\n')[0]})`);
            return { browser: null, page: null, cdp: null };
          });
          if (!browser || !page || !cdp) continue;
          try {
            // A page that cannot keep up may stop answering the protocol: give up on it, do not hang.
            const figures = await Promise.race([
              measure(page, cdp, kind, size, round, server),
              new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 300 s')), 300_000 + WINDOW_S * 1000)),
            ]).catch((error: unknown) => {
              console.log(`${kind} ${label} taxis, round ${round + 1}: saturated (${String(error)})`);
              return null;
            });
            if (!figures) continue;
            results.push(figures);
            console.log(
              `${kind} ${label} taxis, round ${round + 1}: busy ${figures.busyPercent.toFixed(1)}%, scripting ${fixed(figures.scriptingMsPerSecond)} ms/s, ${figures.deliveredPerSecond.toFixed(0)} updates/s sent, ${fixed(figures.appliedPerSecond)} handled, ${fixed(figures.workPerEventMs, 3)} ms per update, p95 ${fixed(figures.latencyP95Ms)} ms, ${fixed(figures.domNodes)} nodes${figures.answered ? '' : ' (did not answer the protocol after the window)'} · load ${loadAverage()}`,
            );
          } finally {
            await browser.close();
          }
        }
      }
    }
  } finally {
    await server.close();
    rmSync(naiveDir, { recursive: true, force: true });
  }
  printTable(results);
}
