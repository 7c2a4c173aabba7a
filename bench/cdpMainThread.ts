/**
 * A page's main thread read from Chromium's own trace, not by asking the page: the browser process
 * records it, so a page too busy to answer the protocol (the naive page at 1,000 taxis) is still
 * measured. Per window: the renderer main thread's task time (CPU time of its top-level tasks, as
 * Performance.getMetrics' TaskDuration with threadTicks), the frames the compositor presented whole
 * (as cdpFrames.ts), and the location updates the page handled: the bench's socket listener stamps
 * a running count into a User Timing mark (`bench:applied:<count>`), which lands in the trace too.
 */
import type { Browser, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; frame_reporter?: { state?: string } };
}

export interface MainThreadWindow {
  seconds: number;
  /** CPU ms of the renderer main thread's tasks in the window. */
  busyMs: number;
  /** Location updates the page's socket handed to its code in the window (from its marks). */
  applied: number;
  presentedPerSecond: number;
}

export const APPLIED_MARK = 'bench:applied:';
const TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

export async function traceMainThread(browser: Browser, page: Page): Promise<{ stop: () => Promise<MainThreadWindow> }> {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', 'disabled-by-default-devtools.timeline.frame', 'benchmark', 'cc'] });
  const started = Date.now();
  return {
    stop: async () => {
      const seconds = (Date.now() - started) / 1000;
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      return { seconds, ...readWindow(traceEvents, seconds) };
    },
  };
}

function readWindow(events: TraceEvent[], seconds: number): Omit<MainThreadWindow, 'seconds'> {
  const mainThreads = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const marks = events.filter((event) => event.name.startsWith(APPLIED_MARK)).sort((a, b) => a.ts - b.ts);
  // The page's renderer is the one its marks come from; without marks (none moves), the busiest one.
  const busyBy = new Map(mainThreads.map((thread) => [`${thread.pid}:${thread.tid}`, taskMs(events, thread.pid, thread.tid)]));
  const markThread = marks.length ? `${marks[0].pid}:${marks[0].tid}` : null;
  const busyMs = markThread !== null && busyBy.has(markThread) ? (busyBy.get(markThread) ?? 0) : Math.max(0, ...busyBy.values());
  const counts = marks.map((mark) => Number(mark.name.slice(APPLIED_MARK.length)));
  const applied = counts.length >= 2 ? counts[counts.length - 1] - counts[0] : 0;
  const presented = events.filter((event) => event.name === 'PipelineReporter' && event.ph === 'b' && event.args?.frame_reporter?.state === 'STATE_PRESENTED_ALL');
  return { busyMs, applied, presentedPerSecond: presented.length / seconds };
}

/** Top-level tasks only: a task nested in another (a nested run loop) is already in its parent's time. */
function taskMs(events: TraceEvent[], pid: number, tid: number): number {
  const tasks = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && TASKS.has(event.name))
    .sort((a, b) => a.ts - b.ts);
  let end = -Infinity;
  let total = 0;
  for (const task of tasks) {
    const taskEnd = task.ts + (task.dur ?? 0);
    if (task.ts < end) continue;
    end = taskEnd;
    total += task.tdur ?? task.dur ?? 0;
  }
  return total / 1000;
}
