/**
 * One batch of real positions against what the taxi sources show: which taxis the fleet source
 * adds, removes or moves, which glide, which stay behind by a move too short to see (lagging), and
 * whether the selected taxi's own source must be redrawn. It updates the drawn records; the layer
 * sends the diff and starts the glides.
 */
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import { isInside, isShortMove, type Bounds } from './glide';
import type { LngLat } from '../state/liveMapSlice';
import { samePosition, sameTaxiProperties, type TaxiPoint } from './mapGeo';

export interface DrawnTaxi {
  point: TaxiPoint;
  /** Where the marker is drawn now. */
  at: LngLat;
  glide: { from: LngLat; startedAt: number; pixels: number } | null;
}

/** What the layer has drawn: every taxi by id, those left behind by sub-pixel moves, the selected one. */
export interface DrawnFleet {
  drawn: Map<number, DrawnTaxi>;
  /** Taxis drawn less than minMovePixels from their real position (moves not drawn yet). */
  lagging: Set<DrawnTaxi>;
  selectedId: number | null;
}

export type PointUpdate = NonNullable<GeoJSONSourceDiff['update']>[number];

export interface BatchDiff {
  add: TaxiPoint[];
  remove: number[];
  update: PointUpdate[];
  selectedChanged: boolean;
  /** Moves long enough on screen to glide; the layer starts them, or makes them all jump. */
  glides: { taxi: DrawnTaxi; pixels: number }[];
}

export interface DiffRules {
  /** What the map shows now; null: nothing glides. */
  bounds: Bounds | null;
  minGlidePixels: number;
  minMovePixels: number;
  screenDistance?: (from: LngLat, to: LngLat) => number;
  /** The taxi jumps (or left the map): its glide, if any, ends where it is drawn. */
  stopGlide(taxi: DrawnTaxi): void;
}

export function pointMove(id: number, position: LngLat): PointUpdate {
  return { id, newGeometry: { type: 'Point', coordinates: position } };
}

export function diffBatch(fleet: DrawnFleet, points: readonly TaxiPoint[], nextSelectedId: number | null, rules: DiffRules): BatchDiff {
  const diff: BatchDiff = { add: [], remove: [], update: [], selectedChanged: nextSelectedId !== fleet.selectedId, glides: [] };
  const previousSelected = fleet.selectedId;
  fleet.selectedId = nextSelectedId;
  const seen = new Set<number>();
  for (const point of points) {
    seen.add(point.id);
    placePoint(fleet, point, previousSelected, rules, diff);
  }
  dropUnseen(fleet, seen, previousSelected, rules, diff);
  return diff;
}

/** One taxi of the batch: new, moved, changed marker, or moved between the fleet and the selected source. */
function placePoint(fleet: DrawnFleet, point: TaxiPoint, previousSelected: number | null, rules: DiffRules, diff: BatchDiff) {
  const taxi = fleet.drawn.get(point.id);
  const inFleet = point.id !== fleet.selectedId;
  if (!taxi) {
    fleet.drawn.set(point.id, { point, at: point.position, glide: null });
    if (inFleet) diff.add.push(point);
    else diff.selectedChanged = true;
    return;
  }
  const before = taxi.point;
  taxi.point = point;
  const wasInFleet = point.id !== previousSelected;
  const { moved, glides } = moveTaxi(fleet, taxi, before, inFleet && wasInFleet, rules, diff);
  if (inFleet && !wasInFleet) diff.add.push(point); // deselected: back into the clustered source
  else if (!inFleet && wasInFleet) diff.remove.push(point.id);
  else if (inFleet) {
    const change: PointUpdate = { id: point.id };
    if (moved && !glides) change.newGeometry = { type: 'Point', coordinates: taxi.at };
    if (!sameTaxiProperties(before.properties, point.properties)) {
      change.addOrUpdateProperties = Object.entries(point.properties).map(([key, value]) => ({ key, value: value as unknown }));
    }
    if (change.newGeometry || change.addOrUpdateProperties) diff.update.push(change);
  } else if (moved || !sameTaxiProperties(before.properties, point.properties)) diff.selectedChanged = true;
}

/**
 * Whether a known taxi moves on the map, and whether it glides there (a candidate) or jumps. A move
 * that stays in the fleet, is not gliding, and lands less than minMovePixels from where the taxi is
 * drawn is not drawn yet (lagging); a taxi left behind that has stopped (or a DevTools jump) is drawn
 * exactly at the next batch.
 */
function moveTaxi(fleet: DrawnFleet, taxi: DrawnTaxi, before: TaxiPoint, stayedInFleet: boolean, rules: DiffRules, diff: BatchDiff) {
  const { position } = taxi.point;
  const movedNow = !samePosition(before.position, position);
  const wasLagging = fleet.lagging.delete(taxi);
  const unseen =
    movedNow &&
    rules.minMovePixels > 0 &&
    stayedInFleet &&
    !taxi.glide &&
    rules.screenDistance !== undefined &&
    rules.screenDistance(taxi.at, position) < rules.minMovePixels;
  if (unseen) fleet.lagging.add(taxi);
  const moved = !unseen && (movedNow || (wasLagging && !samePosition(taxi.at, position)));
  if (!moved) return { moved, glides: false };
  const { bounds } = rules;
  const pixels =
    bounds !== null && isShortMove(taxi.at, position) && (isInside(bounds, taxi.at) || isInside(bounds, position))
      ? (rules.screenDistance?.(taxi.at, position) ?? Infinity)
      : 0;
  const glides = pixels >= rules.minGlidePixels;
  if (glides) diff.glides.push({ taxi, pixels });
  else {
    taxi.at = position;
    rules.stopGlide(taxi);
  }
  return { moved, glides };
}

/** Taxis drawn but absent from the batch leave the map. */
function dropUnseen(fleet: DrawnFleet, seen: Set<number>, previousSelected: number | null, rules: DiffRules, diff: BatchDiff) {
  for (const [id, taxi] of fleet.drawn) {
    if (seen.has(id)) continue;
    fleet.drawn.delete(id);
    rules.stopGlide(taxi);
    fleet.lagging.delete(taxi);
    if (id === previousSelected) diff.selectedChanged = true;
    else diff.remove.push(id);
  }
}

/** Whether the batch changes what the selected taxi shows (its position or its marker). */
export function touchesSelected(fleet: DrawnFleet, points: readonly TaxiPoint[], nextSelectedId: number | null): boolean {
  const { selectedId } = fleet;
  if (nextSelectedId !== selectedId) return true;
  if (selectedId === null) return false;
  const before = fleet.drawn.get(selectedId)?.point;
  const after = points.find((candidate) => candidate.id === selectedId);
  if (!before || !after) return before !== after;
  return !samePosition(before.position, after.position) || !sameTaxiProperties(before.properties, after.properties);
}

/** Every lagging taxi drawn exactly where it is; the fleet source's moves for them. */
export function settleLagging(fleet: DrawnFleet): PointUpdate[] {
  const update: PointUpdate[] = [];
  for (const taxi of fleet.lagging) {
    const { id, position } = taxi.point;
    taxi.at = position;
    if (id !== fleet.selectedId && fleet.drawn.get(id) === taxi) update.push(pointMove(id, position));
  }
  fleet.lagging.clear();
  return update;
}
