/**
 * A page's CPU profile through the Chrome DevTools Protocol, for benchmarks that are asked "where
 * does the time go": start, stop, write the .cpuprofile (open it in DevTools' Performance panel)
 * and print the functions with the most self time. Names are the built bundle's; the .map files
 * beside dist/assets/ lead back to the source.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import { profileMs, selfTimeBy, type Profile } from './cpuProfileSummary';


export interface CpuProfiler {
  /** Stops, writes `<file>.cpuprofile`, and prints the `top` functions by self time. */
  stop: (file: string, top?: number) => Promise<void>;
}

export async function startCpuProfile(page: Page): Promise<CpuProfiler> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 500 });
  await session.send('Profiler.start');
  return {
    stop: async (file, top = 15) => {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
      await session.detach();
      writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
      printTop(profile, top);
    },
  };
}

function printTop(profile: Profile, top: number): void {
  const totalMs = profileMs(profile);
  const byFunction = selfTimeBy(profile, ({ functionName, url, lineNumber, columnNumber }) =>
    `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}` : ''}`.trim(),
  );
  console.log(`  CPU profile over ${totalMs.toFixed(0)} ms, self time:`);
  for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  }
}
