import type { FastifyBaseLogger } from 'fastify';
import { createBackgroundPass, type PassControl } from './backgroundPass';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
const pacing = { startDelayMs: 0, recheckMs: 60_000 };

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

/** Gaps between units, to the 10 ms (the fake setImmediate takes a fake millisecond). */
const gaps = (began: number[]) => began.map((t) => Math.round((t - began[0]) / 10) * 10);

/** A pass of `units` units of work of `workMs` each (on the fake clock); records when each began. */
function timedPass(units: number, workMs: number, began: number[]) {
  return async (control: PassControl) => {
    for (let i = 0; i < units && !control.stopped(); i += 1) {
      began.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, workMs));
      await control.breathe();
    }
    return began.length;
  };
}

it('rests after each unit so the work takes its duty cycle of the time', async () => {
  const began: number[] = [];
  const pass = createBackgroundPass('prueba', silent, { ...pacing, dutyCycle: 0.25 }, timedPass(3, 100, began));
  const done = pass.runOnce();
  await jest.advanceTimersByTimeAsync(2000);
  expect(await done).toBe(3);
  // 100 ms of work, then 300 ms of rest: a unit every 400 ms.
  expect(gaps(began)).toEqual([0, 400, 800]);
});

it('with a duty cycle of 1 it only yields the event loop', async () => {
  const began: number[] = [];
  const pass = createBackgroundPass('prueba', silent, { ...pacing, dutyCycle: 1 }, timedPass(3, 100, began));
  const done = pass.runOnce();
  await jest.advanceTimersByTimeAsync(1000);
  expect(await done).toBe(3);
  expect(gaps(began)).toEqual([0, 100, 200]);
});

it('stop cuts a rest short and waits for the work in hand and the work alongside', async () => {
  const began: number[] = [];
  const pass = createBackgroundPass('prueba', silent, { ...pacing, dutyCycle: 0.01 }, timedPass(5, 100, began));
  const done = pass.runOnce();
  let alongsideFinished = false;
  pass.alongside(async (control) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await control.breathe();
    alongsideFinished = true;
  });
  await jest.advanceTimersByTimeAsync(150);
  const stopped = pass.stop();
  await jest.advanceTimersByTimeAsync(0);
  await stopped;
  // One unit done, then a 5 s rest that stop() cut short; no second unit.
  expect(await done).toBe(1);
  expect(alongsideFinished).toBe(true);
});

it('a second runOnce while a pass runs joins it instead of starting another', async () => {
  let passes = 0;
  const pass = createBackgroundPass('prueba', silent, { ...pacing, dutyCycle: 1 }, async () => {
    passes += 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
    return passes;
  });
  const first = pass.runOnce();
  const second = pass.runOnce();
  await jest.advanceTimersByTimeAsync(200);
  expect(await first).toBe(1);
  expect(await second).toBe(1);
  expect(passes).toBe(1);
});
