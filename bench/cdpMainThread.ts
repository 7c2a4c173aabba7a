/**
 * A page's main thread measured without asking the page, so a page too busy to answer the protocol
 * (the naive page at 1,000 taxis) is measured as the console is: the CPU time of its renderer's main
 * thread, read from /proc (Linux: the main thread's id is the process id; the renderer's id comes from
 * the browser process, SystemInfo.getProcessInfo), the same thread time as Performance.getMetrics'
 * TaskDuration with threadTicks. Frames presented come from Chromium's trace (cdpFrames.ts).
 * A saturated page's trace was seen empty: its main thread never flushed it.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { countPresentedFrames } from './cdpFrames';

export interface MainThreadWindow {
  seconds: number;
  /** CPU ms of the page's renderer main thread in the window. */
  busyMs: number;
  presentedPerSecond: number;
}

/** utime + stime of a process's main thread, in ms (clock ticks of 10 ms); null once it is gone. */
function mainThreadCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function rendererIds(browser: Browser): Promise<number[]> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  await session.detach();
  return processInfo.filter((process) => process.type === 'renderer').map((process) => process.id);
}

export async function traceMainThread(browser: Browser, page: Page, frames: boolean): Promise<{ stop: () => Promise<MainThreadWindow> }> {
  const renderers = await rendererIds(browser);
  const frameCounter = frames ? await countPresentedFrames(browser, page) : null;
  const before = new Map(renderers.map((pid) => [pid, mainThreadCpuMs(pid) ?? 0]));
  const started = Date.now();
  return {
    stop: async () => {
      const seconds = (Date.now() - started) / 1000;
      // The page's renderer is the busiest one (the others are a spare and helpers).
      const busyMs = Math.max(0, ...renderers.map((pid) => (mainThreadCpuMs(pid) ?? 0) - (before.get(pid) ?? 0)));
      return { seconds, busyMs, presentedPerSecond: frameCounter ? await frameCounter.stop() : NaN };
    },
  };
}
