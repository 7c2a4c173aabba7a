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
import { glidePosition, isInside, isShortMove, type Bounds } from './glide';
import type { LngLat } from '../state/liveMapSlice';
import { samePosition, sameTaxiProperties, taxiFeature, type TaxiPoint } from './mapGeo';

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

interface Drawn {
  point: TaxiPoint;
  /** Where the marker is drawn now. */
  at: LngLat;
  glide: { from: LngLat; startedAt: number; pixels: number } | null;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function createTaxiLayer(options: TaxiLayerOptions) {
  const {
    glideMs,
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
  const drawn = new Map<number, Drawn>();
  /** Taxis drawn less than minMovePixels from their real position (moves not drawn yet). */
  const lagging = new Set<Drawn>();
  /** Taxis mid-glide, so a step walks only them, not the fleet. */
  const gliding = new Set<Drawn>();
  let selectedId: number | null = null;
  let frame: number | null = null;
  /** Waiting for the next step's time, without asking for frames meanwhile. */
  let wait: ReturnType<typeof setTimeout> | null = null;
  let lastStep = 0;
  /** The gap between steps for the glides under way (stepMs, or longer when they are all short). */
  let stepGap = stepMs;
  /** The latest batch not drawn yet, and the timer that draws it; when the last batch was drawn. */
  let pending: { points: readonly TaxiPoint[]; selectedId: number | null } | null = null;
  let pendingTimer: ReturnType<typeof setTimeout> | null = null;
  let lastDrawn = -Infinity;
  /** Draws the lagging taxis exactly once updates pause (a DevTools jump, a stream that stopped). */
  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  function drawSelected() {
    const selected = selectedId === null ? undefined : drawn.get(selectedId);
    options.selectedSource()?.setData(selected ? { type: 'FeatureCollection', features: [taxiFeature(selected.point, selected.at)] } : EMPTY);
    options.onSelectedDrawn(selected ? selected.at : null);
  }

  function send(diff: GeoJSONSourceDiff) {
    if (diff.add?.length || diff.remove?.length || diff.update?.length) options.fleetSource()?.updateData(diff);
  }

  function step() {
    frame = null;
    const at = now();
    if (at - lastStep < stepGap) {
      nextStep(stepGap - (at - lastStep));
      return;
    }
    lastStep = at;
    const update: NonNullable<GeoJSONSourceDiff['update']> = [];
    let selectedMoved = false;
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
      const { id } = taxi.point;
      if (id === selectedId) selectedMoved = true;
      else if (drawn.get(id) === taxi) update.push({ id, newGeometry: { type: 'Point', coordinates: taxi.at } });
    }
    send({ update });
    if (selectedMoved) drawSelected();
    if (gliding.size) nextStep(stepGap);
  }

  /** stepMs, or longer when every glide under way is short: about minStepPixels per step for the farthest one. */
  function glideStepGap(): number {
    let farthest = 0;
    for (const taxi of gliding) farthest = Math.max(farthest, taxi.glide?.pixels ?? 0);
    const steps = Math.ceil(farthest / minStepPixels);
    return Number.isFinite(steps) && steps > 0 ? Math.max(stepMs, glideMs / steps) : stepMs;
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

  /** Whether the batch changes what the selected taxi shows (its position or its marker). */
  function touchesSelected(points: readonly TaxiPoint[], nextSelectedId: number | null): boolean {
    if (nextSelectedId !== selectedId) return true;
    if (selectedId === null) return false;
    const before = drawn.get(selectedId)?.point;
    const after = points.find((candidate) => candidate.id === selectedId);
    if (!before || !after) return before !== after;
    return !samePosition(before.position, after.position) || !sameTaxiProperties(before.properties, after.properties);
  }

  function drawPending() {
    pendingTimer = null;
    const batch = pending;
    pending = null;
    if (batch) draw(batch.points, batch.selectedId);
  }

  /**
   * The taxis to draw (real positions) and the selected one: drawn now, or with the next coalesced
   * batch when one was drawn less than coalesceMs ago and the selected taxi is not concerned.
   */
  function update(points: readonly TaxiPoint[], nextSelectedId: number | null) {
    const sinceDrawn = now() - lastDrawn;
    if (coalesceMs <= 0 || sinceDrawn >= coalesceMs || touchesSelected(points, nextSelectedId)) {
      if (pendingTimer !== null) clearTimeout(pendingTimer);
      pendingTimer = null;
      pending = null;
      draw(points, nextSelectedId);
      return;
    }
    pending = { points, selectedId: nextSelectedId };
    pendingTimer ??= setTimeout(drawPending, coalesceMs - sinceDrawn);
  }

  function draw(points: readonly TaxiPoint[], nextSelectedId: number | null) {
    lastDrawn = now();
    const diff = { add: [] as TaxiPoint[], remove: [] as number[], update: [] as NonNullable<GeoJSONSourceDiff['update']> };
    let selectedChanged = nextSelectedId !== selectedId;
    const previousSelected = selectedId;
    selectedId = nextSelectedId;
    const bounds = glideMs > 0 ? options.viewBounds() : null;
    const candidates: { taxi: Drawn; pixels: number }[] = [];
    const seen = new Set<number>();

    for (const point of points) {
      seen.add(point.id);
      const taxi = drawn.get(point.id);
      const inFleet = point.id !== selectedId;
      if (!taxi) {
        drawn.set(point.id, { point, at: point.position, glide: null });
        if (inFleet) diff.add.push(point);
        else selectedChanged = true;
        continue;
      }
      const before = taxi.point;
      taxi.point = point;
      const wasInFleet = point.id !== previousSelected;
      const movedNow = !samePosition(before.position, point.position);
      // Moved, still in the fleet, not gliding, and less than minMovePixels from where it is drawn: not
      // drawn yet. A taxi left behind that has stopped (or a DevTools jump) is drawn exactly at the next batch.
      const wasLagging = lagging.delete(taxi);
      const unseen =
        movedNow &&
        minMovePixels > 0 &&
        inFleet &&
        wasInFleet &&
        !taxi.glide &&
        options.screenDistance !== undefined &&
        options.screenDistance(taxi.at, point.position) < minMovePixels;
      if (unseen) lagging.add(taxi);
      const moved = !unseen && (movedNow || (wasLagging && !samePosition(taxi.at, point.position)));
      let glides = false;
      if (moved) {
        const pixels =
          bounds !== null && isShortMove(taxi.at, point.position) && (isInside(bounds, taxi.at) || isInside(bounds, point.position))
            ? (options.screenDistance?.(taxi.at, point.position) ?? Infinity)
            : 0;
        glides = pixels >= minGlidePixels;
        if (glides) candidates.push({ taxi, pixels });
        else {
          taxi.at = point.position;
          taxi.glide = null;
          gliding.delete(taxi);
        }
      }
      if (inFleet && !wasInFleet) diff.add.push(point); // deselected: back into the clustered source
      else if (!inFleet && wasInFleet) diff.remove.push(point.id);
      else if (inFleet) {
        const change: NonNullable<GeoJSONSourceDiff['update']>[number] = { id: point.id };
        if (moved && !glides) change.newGeometry = { type: 'Point', coordinates: taxi.at };
        if (!sameTaxiProperties(before.properties, point.properties)) {
          change.addOrUpdateProperties = Object.entries(point.properties).map(([key, value]) => ({ key, value: value as unknown }));
        }
        if (change.newGeometry || change.addOrUpdateProperties) diff.update.push(change);
      } else if (moved || !sameTaxiProperties(before.properties, point.properties)) selectedChanged = true;
    }
    for (const [id, taxi] of drawn) {
      if (seen.has(id)) continue;
      drawn.delete(id);
      gliding.delete(taxi);
      lagging.delete(taxi);
      if (id === previousSelected) selectedChanged = true;
      else diff.remove.push(id);
    }

    // Too many at once: they jump, in this same diff.
    const started = now();
    const glideAll = candidates.length <= maxGliding;
    for (const { taxi, pixels } of candidates) {
      if (glideAll) {
        taxi.glide = { from: taxi.at, startedAt: started, pixels };
        gliding.add(taxi);
      } else {
        taxi.at = taxi.point.position;
        taxi.glide = null;
        gliding.delete(taxi);
        if (taxi.point.id !== selectedId) diff.update.push({ id: taxi.point.id, newGeometry: { type: 'Point', coordinates: taxi.at } });
        else selectedChanged = true;
      }
    }

    // A taxi leaving the fleet source must be drawn where it is now, not where it was added.
    const adds = diff.add.map((point) => taxiFeature(point, drawn.get(point.id)?.at));
    send({ remove: diff.remove, add: adds, update: diff.update });
    if (selectedChanged) drawSelected();
    // A User Timing mark (a few a second): DevTools and the browser bench see when positions reached the map.
    performance.mark?.('flota:map-updated');
    // Sub-pixel moves wait for the next batches; when none comes (time-travel lands on a past state
    // and stays), every taxi is drawn exactly where the store says.
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = lagging.size ? setTimeout(settle, settleIdleMs) : null;
    if (glideAll && candidates.length) {
      stepGap = glideStepGap();
      if (frame === null && wait === null) frame = requestFrame(step);
    }
  }

  /** Draws every taxi a sub-pixel move left behind exactly where it is (the map zoomed in: those moves may now show). */
  function settle() {
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = null;
    const update: NonNullable<GeoJSONSourceDiff['update']> = [];
    for (const taxi of lagging) {
      const { id, position } = taxi.point;
      taxi.at = position;
      if (id !== selectedId && drawn.get(id) === taxi) update.push({ id, newGeometry: { type: 'Point', coordinates: position } });
    }
    lagging.clear();
    send({ update });
  }

  /** The source was (re)created empty: send it everything again. */
  function redraw() {
    const features = [...drawn.values()].filter((taxi) => taxi.point.id !== selectedId).map((taxi) => taxiFeature(taxi.point, taxi.at));
    options.fleetSource()?.setData({ type: 'FeatureCollection', features });
    drawSelected();
  }

  /** Where a taxi is drawn now (mid-glide or real), for the popup's first render. */
  function drawnPosition(id: number): LngLat | null {
    return drawn.get(id)?.at ?? null;
  }

  function dispose() {
    if (frame !== null) cancelFrame(frame);
    if (wait !== null) clearTimeout(wait);
    if (pendingTimer !== null) clearTimeout(pendingTimer);
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = null;
    frame = null;
    wait = null;
    pendingTimer = null;
    pending = null;
  }

  return { update, settle, redraw, drawnPosition, dispose };
}

export type TaxiLayer = ReturnType<typeof createTaxiLayer>;
