/**
 * The glides under way, stepped over time: frames are asked for only while a taxi glides, and between
 * two steps the stepper sleeps on a timer instead of waking every frame (each step is a diff posted to
 * MapLibre's worker and a repaint: issue 23). Steps are spaced so the farthest glide moves about
 * minStepPixels per step. The layer says what a step draws (onStep); the stepper says when.
 */
import { glidePosition } from './glide';
import { samePosition } from './mapGeo';
import type { DrawnTaxi } from './fleetDiff';

export interface GlideStepperOptions {
  glideMs: number;
  stepMs: number;
  minStepPixels: number;
  now: () => number;
  requestFrame: (callback: () => void) => number;
  cancelFrame: (handle: number) => void;
  /** The taxis this step moved (their `at` is already where they are drawn now). */
  onStep(moved: readonly DrawnTaxi[]): void;
}

/** stepMs, or longer when every glide under way is short: about minStepPixels per step for the farthest one. */
function stepGapFor(gliding: Set<DrawnTaxi>, { glideMs, stepMs, minStepPixels }: Pick<GlideStepperOptions, 'glideMs' | 'stepMs' | 'minStepPixels'>): number {
  let farthest = 0;
  for (const taxi of gliding) farthest = Math.max(farthest, taxi.glide?.pixels ?? 0);
  const steps = Math.ceil(farthest / minStepPixels);
  return Number.isFinite(steps) && steps > 0 ? Math.max(stepMs, glideMs / steps) : stepMs;
}

export function createGlideStepper({ glideMs, stepMs, minStepPixels, now, requestFrame, cancelFrame, onStep }: GlideStepperOptions) {
  /** Taxis mid-glide, so a step walks only them, not the fleet. */
  const gliding = new Set<DrawnTaxi>();
  let frame: number | null = null;
  /** Waiting for the next step's time, without asking for frames meanwhile. */
  let wait: ReturnType<typeof setTimeout> | null = null;
  let lastStep = 0;
  /** The gap between steps for the glides under way (stepMs, or longer when they are all short). */
  let stepGap = stepMs;

  function step() {
    frame = null;
    const at = now();
    if (at - lastStep < stepGap) {
      nextStep(stepGap - (at - lastStep));
      return;
    }
    lastStep = at;
    const moved: DrawnTaxi[] = [];
    for (const taxi of gliding) {
      if (!taxi.glide) {
        gliding.delete(taxi);
        continue;
      }
      taxi.at = glidePosition(taxi.glide.from, taxi.point.position, at - taxi.glide.startedAt, glideMs);
      if (samePosition(taxi.at, taxi.point.position)) {
        taxi.glide = null;
        gliding.delete(taxi);
      }
      moved.push(taxi);
    }
    onStep(moved);
    if (gliding.size) nextStep(stepGap);
  }

  /** The next step, `delay` ms from now: a timer first, then one frame (none is asked for meanwhile). */
  function nextStep(delay: number) {
    if (delay <= 0) {
      frame = requestFrame(step);
      return;
    }
    wait = setTimeout(() => {
      wait = null;
      frame = requestFrame(step);
    }, delay);
  }

  /** Starts a glide from where the taxi is drawn to its real position; run() sets the steps going. */
  function glide(taxi: DrawnTaxi, pixels: number, startedAt: number) {
    taxi.glide = { from: taxi.at, startedAt, pixels };
    gliding.add(taxi);
  }

  /** The taxi is drawn where it is now and glides no more (a jump, or it left the map). */
  function stop(taxi: DrawnTaxi) {
    taxi.glide = null;
    gliding.delete(taxi);
  }

  /** After glides were started: the gap for them, and a first step unless one is already coming. */
  function run() {
    stepGap = stepGapFor(gliding, { glideMs, stepMs, minStepPixels });
    if (frame === null && wait === null) frame = requestFrame(step);
  }

  function dispose() {
    if (frame !== null) cancelFrame(frame);
    if (wait !== null) clearTimeout(wait);
    frame = null;
    wait = null;
  }

  return { glide, stop, run, dispose };
}

export type GlideStepper = ReturnType<typeof createGlideStepper>;
