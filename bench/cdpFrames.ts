/**
 * Frames the compositor presented, from Chromium's own trace rather than the page's timers: each
 * frame leaves a `PipelineReporter` event whose state says whether it was presented whole,
 * partly (without the main thread's update), dropped, or not wanted. Counted here: presented whole.
 */
import type { Browser, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  args?: { frame_reporter?: { state?: string } };
}

export interface FrameCounter {
  /** Stops tracing; presented frames per second since the start. */
  stop: () => Promise<number>;
}

export async function countPresentedFrames(browser: Browser, page: Page): Promise<FrameCounter> {
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline.frame', 'benchmark', 'cc'] });
  const started = Date.now();
  return {
    stop: async () => {
      const seconds = (Date.now() - started) / 1000;
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const presented = traceEvents.filter((event) => event.name === 'PipelineReporter' && event.ph === 'b' && event.args?.frame_reporter?.state === 'STATE_PRESENTED_ALL');
      return presented.length / seconds;
    },
  };
}
