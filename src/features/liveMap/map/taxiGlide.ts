/**
 * The taxis' map layer outside React: it keeps what each GeoJSON source holds and sends MapLibre
 * only what changed (`updateData` diffs by feature id), never the whole fleet per batch. The selected
 * taxi lives in a source of its own, never clustered. Moves glide (about a second) here, in the map
 * layer, so the store keeps only real positions: each glide ends exactly on the real position.
 * Only taxis in view glide, and only a few hundred at a time; the rest jump, so the cost of a
 * batch does not grow with the fleet. Frames are asked for only while one glides, and between two
 * steps the layer sleeps on a timer instead of waking every frame: each step is a diff posted to
 * MapLibre's worker and a repaint, the console's top costs in a Chromium profile (issue 23). A move
 * shorter than a couple of pixels on screen (a city seen whole: 11 m is under a pixel at zoom 12)
 * jumps, since a glide nobody can see would cost as much as one they can.
 * The fleet's batches (a few a second) are coalesced into one diff per `coalesceMs`: each diff makes
 * MapLibre's worker re-cluster the source, send every tile back and repaint, the same cost for one
 * moved taxi as for a thousand (issue 23's profile at 100 taxis). A change to the selected taxi, or
 * a new selection, is drawn at once: that is the taxi someone is watching. A fleet taxi's move shorter
 * than minMovePixels on screen (a city seen whole) is not drawn until its moves add up to that, or the
 * map moves (settle): an invisible move costs MapLibre the same re-clustering and repaint as a visible one.
 */
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import type { Bounds } from './glide';
import type { LngLat } from '../state/liveMapSlice';
import { taxiFeature, type TaxiPoint } from './mapGeo';
import { createBatchCoalescer } from './batchCoalescer';
import { createGlideStepper, type GlideStepper } from './glideStepper';
import { diffBatch, pointMove, settleLagging, touchesSelected, type BatchDiff, type DrawnFleet, type DrawnTaxi, type PointUpdate } from './fleetDiff';

/** The part of MapLibre's GeoJSONSource the layer uses. */
export interface TaxiSource {
  setData(data: FeatureCollection): unknown;
  updateData(diff: GeoJSONSourceDiff): unknown;
}

export interface TaxiLayerOptions {
  /** The clustered source of every taxi but the selected one; undefined until it exists. */
  fleetSource(): TaxiSource | undefined;
  selectedSource(): TaxiSource | undefined;
  /** What the map shows now, so taxis out of view do not glide; null: nothing glides. */
  viewBounds(): Bounds | null;
  /** How many screen pixels apart two positions are drawn; moves shorter than minGlidePixels jump. */
  screenDistance?(from: LngLat, to: LngLat): number;
  /** Default 2. */
  minGlidePixels?: number;
  /**
   * A fleet taxi that moved less than this many pixels from where it is drawn stays there until its
   * moves add up to it or settle() is called (the map zoomed in). Default 0: every move is drawn.
   */
  minMovePixels?: number;
  /** With taxis left behind by minMovePixels, how long without an update before they are drawn exactly (default 1500 ms). */
  settleIdleMs?: number;
  /** Where the selected taxi is drawn, each time it moves (for its popup and "Seguir"). */
  onSelectedDrawn(position: LngLat | null): void;
  glideMs: number;
  /** More gliding taxis than this in one batch: they all jump instead (the map stays responsive). */
  maxGliding?: number;
  /** The smallest gap between two glide steps (about 15 a second); steps are diffs sent to MapLibre's worker. */
  stepMs?: number;
  /**
   * Steps are spaced so the farthest-gliding taxi moves about this many pixels per step (default 1):
   * a 2-px glide is two steps, not fifteen diffs (each re-clusters the source and repaints the map).
   */
  minStepPixels?: number;
  /** The smallest gap between two batches drawn for the fleet; the latest batch waits for it. Default 0: each at once. */
  coalesceMs?: number;
  now?: () => number;
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The options with their defaults filled in. */
function withDefaults(options: TaxiLayerOptions) {
  const {
    maxGliding = 300,
    minGlidePixels = 2,
    minMovePixels = 0,
    stepMs = 66,
    minStepPixels = 1,
    coalesceMs = 0,
    settleIdleMs = 1500,
    now = () => performance.now(),
    requestFrame = (callback) => requestAnimationFrame(callback),
    cancelFrame = (handle) => cancelAnimationFrame(handle),
  } = options;
  return { maxGliding, minGlidePixels, minMovePixels, stepMs, minStepPixels, coalesceMs, settleIdleMs, now, requestFrame, cancelFrame };
}

/** Too many glides at once: they all jump, in this same diff. Returns whether they glide. */
function startGlides(fleet: DrawnFleet, diff: BatchDiff, stepper: GlideStepper, maxGliding: number, startedAt: number): boolean {
  const glideAll = diff.glides.length <= maxGliding;
  for (const { taxi, pixels } of diff.glides) {
    if (glideAll) stepper.glide(taxi, pixels, startedAt);
    else {
      taxi.at = taxi.point.position;
      stepper.stop(taxi);
      if (taxi.point.id !== fleet.selectedId) diff.update.push(pointMove(taxi.point.id, taxi.at));
      else diff.selectedChanged = true;
    }
  }
  return glideAll;
}

/** The selected taxi's own source: the taxi where it is drawn now, or nothing. */
function drawSelected(fleet: DrawnFleet, options: TaxiLayerOptions) {
  const selected = fleet.selectedId === null ? undefined : fleet.drawn.get(fleet.selectedId);
  options.selectedSource()?.setData(selected ? { type: 'FeatureCollection', features: [taxiFeature(selected.point, selected.at)] } : EMPTY);
  options.onSelectedDrawn(selected ? selected.at : null);
}

/** The fleet source gets the diff, unless it changes nothing (each one re-clusters and repaints). */
function send(options: TaxiLayerOptions, diff: GeoJSONSourceDiff) {
  if (diff.add?.length || diff.remove?.length || diff.update?.length) options.fleetSource()?.updateData(diff);
}

export function createTaxiLayer(options: TaxiLayerOptions) {
  const { glideMs } = options;
  const { maxGliding, minGlidePixels, minMovePixels, stepMs, minStepPixels, coalesceMs, settleIdleMs, now, requestFrame, cancelFrame } =
    withDefaults(options);
  const fleet: DrawnFleet = { drawn: new Map<number, DrawnTaxi>(), lagging: new Set<DrawnTaxi>(), selectedId: null };
  /** Draws the lagging taxis exactly once updates pause (a DevTools jump, a stream that stopped). */
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  const stepper = createGlideStepper({ glideMs, stepMs, minStepPixels, now, requestFrame, cancelFrame, onStep: drawStep });
  const coalescer = createBatchCoalescer({ coalesceMs, now, draw });

  /** A glide step: the fleet's gliding taxis moved by one diff, the selected one redrawn in its source. */
  function drawStep(moved: readonly DrawnTaxi[]) {
    const update: PointUpdate[] = [];
    let selectedMoved = false;
    for (const taxi of moved) {
      const { id } = taxi.point;
      if (id === fleet.selectedId) selectedMoved = true;
      else if (fleet.drawn.get(id) === taxi) update.push(pointMove(id, taxi.at));
    }
    send(options, { update });
    if (selectedMoved) drawSelected(fleet, options);
  }

  /**
   * The taxis to draw (real positions) and the selected one: drawn now, or with the next coalesced
   * batch when one was drawn less than coalesceMs ago and the selected taxi is not concerned.
   */
  function update(points: readonly TaxiPoint[], nextSelectedId: number | null) {
    coalescer.push({ points, selectedId: nextSelectedId }, () => touchesSelected(fleet, points, nextSelectedId));
  }

  function draw({ points, selectedId }: { points: readonly TaxiPoint[]; selectedId: number | null }) {
    const bounds = glideMs > 0 ? options.viewBounds() : null;
    const rules = { bounds, minGlidePixels, minMovePixels, screenDistance: options.screenDistance, stopGlide: stepper.stop };
    const diff = diffBatch(fleet, points, selectedId, rules);
    const glideAll = startGlides(fleet, diff, stepper, maxGliding, now());
    // A taxi leaving the fleet source must be drawn where it is now, not where it was added.
    const adds = diff.add.map((point) => taxiFeature(point, fleet.drawn.get(point.id)?.at));
    send(options, { remove: diff.remove, add: adds, update: diff.update });
    if (diff.selectedChanged) drawSelected(fleet, options);
    // A User Timing mark (a few a second): DevTools and the browser bench see when positions reached the map.
    performance.mark?.('flota:map-updated');
    // Sub-pixel moves wait for the next batches; when none comes (time-travel lands on a past state
    // and stays), every taxi is drawn exactly where the store says.
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = fleet.lagging.size ? setTimeout(settle, settleIdleMs) : null;
    if (glideAll && diff.glides.length) stepper.run();
  }

  /** Draws every taxi a sub-pixel move left behind exactly where it is (the map zoomed in: those moves may now show). */
  function settle() {
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = null;
    send(options, { update: settleLagging(fleet) });
  }

  /** The source was (re)created empty: send it everything again. */
  function redraw() {
    const features = [...fleet.drawn.values()].filter((taxi) => taxi.point.id !== fleet.selectedId).map((taxi) => taxiFeature(taxi.point, taxi.at));
    options.fleetSource()?.setData({ type: 'FeatureCollection', features });
    drawSelected(fleet, options);
  }

  /** Where a taxi is drawn now (mid-glide or real), for the popup's first render. */
  function drawnPosition(id: number): LngLat | null {
    return fleet.drawn.get(id)?.at ?? null;
  }

  function dispose() {
    stepper.dispose();
    coalescer.dispose();
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = null;
  }

  return { update, settle, redraw, drawnPosition, dispose };
}

export type TaxiLayer = ReturnType<typeof createTaxiLayer>;
