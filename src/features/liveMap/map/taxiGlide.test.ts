import type { FeatureCollection } from 'geojson';
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import type { Bounds } from './glide';
import type { LngLat } from '../state/liveMapSlice';
import type { TaxiPoint } from './mapGeo';
import { createTaxiLayer, type TaxiLayerOptions } from './taxiGlide';

const point = (id: number, position: LngLat, stale = false): TaxiPoint => ({ id, position, properties: { shiftId: id, number: id, stale } });

/** A GeoJSON source as MapLibre keeps it: features by id, changed by setData and diffs. */
function fakeSource() {
  const features = new Map<number, { coordinates: LngLat; properties: Record<string, unknown> }>();
  const diffs: GeoJSONSourceDiff[] = [];
  return {
    diffs,
    features,
    setData(data: FeatureCollection) {
      features.clear();
      for (const feature of data.features) {
        features.set(feature.id as number, { coordinates: (feature.geometry as GeoJSON.Point).coordinates as LngLat, properties: { ...feature.properties } });
      }
    },
    updateData(diff: GeoJSONSourceDiff) {
      diffs.push(diff);
      diff.remove?.forEach((id) => features.delete(id as number));
      diff.add?.forEach((feature) => features.set(feature.id as number, { coordinates: (feature.geometry as GeoJSON.Point).coordinates as LngLat, properties: { ...feature.properties } }));
      diff.update?.forEach((change) => {
        const feature = features.get(change.id as number);
        if (!feature) return;
        if (change.newGeometry) feature.coordinates = (change.newGeometry as GeoJSON.Point).coordinates as LngLat;
        change.addOrUpdateProperties?.forEach(({ key, value }) => (feature.properties[key] = value));
      });
    },
    at(id: number) {
      return features.get(id)?.coordinates;
    },
  };
}

function setup(overrides: Partial<TaxiLayerOptions> = {}) {
  const fleet = fakeSource();
  const selected = fakeSource();
  let clock = 0;
  const frames: (() => void)[] = [];
  const drawnSelected: (LngLat | null)[] = [];
  const view: Bounds = [
    [-72, -33],
    [-71, -32],
  ];
  const layer = createTaxiLayer({
    fleetSource: () => fleet,
    selectedSource: () => selected,
    viewBounds: () => view,
    onSelectedDrawn: (position) => drawnSelected.push(position),
    glideMs: 1000,
    stepMs: 0,
    now: () => clock,
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: () => undefined,
    ...overrides,
  });
  /** Runs animation frames until `ms` have passed, one frame per 100 ms. */
  const play = (ms: number) => {
    const end = clock + ms;
    while (clock < end) {
      clock += 100;
      frames.splice(0).forEach((frame) => frame());
    }
  };
  return { layer, fleet, selected, play, drawnSelected, pendingFrames: () => frames.length };
}

describe('taxi layer', () => {
  it('sends the first taxis as additions, then only what changed, by feature id', () => {
    const { layer, fleet } = setup({ glideMs: 0 });
    layer.update([point(1, [-71.5, -32.5]), point(2, [-71.6, -32.6])], null);
    expect(fleet.diffs).toHaveLength(1);
    expect(fleet.diffs[0].add).toHaveLength(2);

    layer.update([point(1, [-71.5, -32.5]), point(2, [-71.61, -32.6], true)], null);
    expect(fleet.diffs[1]).toEqual({
      remove: [],
      add: [],
      update: [
        {
          id: 2,
          newGeometry: { type: 'Point', coordinates: [-71.61, -32.6] },
          addOrUpdateProperties: [
            { key: 'shiftId', value: 2 },
            { key: 'number', value: 2 },
            { key: 'stale', value: true },
          ],
        },
      ],
    });

    // Nothing changed: nothing sent.
    layer.update([point(1, [-71.5, -32.5]), point(2, [-71.61, -32.6], true)], null);
    expect(fleet.diffs).toHaveLength(2);

    layer.update([point(1, [-71.5, -32.5])], null);
    expect(fleet.diffs[2].remove).toEqual([2]);
    expect([...fleet.features.keys()]).toEqual([1]);
  });

  it('a taxi glides to its new position in about a second and lands exactly on it', () => {
    const { layer, fleet, play, pendingFrames } = setup();
    layer.update([point(1, [-71.5, -32.5])], null);
    layer.update([point(1, [-71.502, -32.502])], null);
    expect(fleet.at(1)).toEqual([-71.5, -32.5]); // not a hop

    play(300);
    const [lng, lat] = fleet.at(1) as LngLat;
    expect(lng).toBeLessThan(-71.5);
    expect(lng).toBeGreaterThan(-71.502);
    expect(lat).toBeLessThan(-32.5);

    play(800);
    expect(fleet.at(1)).toEqual([-71.502, -32.502]);
    expect(pendingFrames()).toBe(0);
  });

  it('jumps instead of gliding: far moves (time-travel, reconnects), taxis out of view, and too many at once', () => {
    const { layer, fleet } = setup({ maxGliding: 2 });
    layer.update([point(1, [-71.5, -32.5]), point(2, [-75, -40]), point(3, [-71.4, -32.4]), point(4, [-71.3, -32.3]), point(5, [-71.2, -32.2])], null);

    layer.update([point(1, [-71.6, -32.6]), point(2, [-75.001, -40]), point(3, [-71.4, -32.4]), point(4, [-71.3, -32.3]), point(5, [-71.2, -32.2])], null);
    expect(fleet.at(1)).toEqual([-71.6, -32.6]);
    expect(fleet.at(2)).toEqual([-75.001, -40]);

    layer.update([point(1, [-71.6, -32.6]), point(2, [-75.001, -40]), point(3, [-71.401, -32.4]), point(4, [-71.301, -32.3]), point(5, [-71.201, -32.2])], null);
    expect([fleet.at(3), fleet.at(4), fleet.at(5)]).toEqual([
      [-71.401, -32.4],
      [-71.301, -32.3],
      [-71.201, -32.2],
    ]);
  });

  it('a move shorter than two pixels on screen jumps without asking for frames; a longer one glides', () => {
    // 10,000 px per degree: 0.0001° is one pixel (a city seen whole), 0.001° ten (zoomed in).
    const screenDistance = (from: LngLat, to: LngLat) => Math.hypot(to[0] - from[0], to[1] - from[1]) * 10_000;
    const { layer, fleet, pendingFrames } = setup({ screenDistance });
    layer.update([point(1, [-71.5, -32.5]), point(2, [-71.4, -32.4])], null);

    layer.update([point(1, [-71.5001, -32.5]), point(2, [-71.4, -32.4])], null);
    expect(fleet.at(1)).toEqual([-71.5001, -32.5]);
    expect(pendingFrames()).toBe(0);

    layer.update([point(1, [-71.5001, -32.5]), point(2, [-71.401, -32.4])], null);
    expect(fleet.at(2)).toEqual([-71.4, -32.4]); // gliding from here
    expect(pendingFrames()).toBe(1);
  });

  it('a short glide is a few steps, about a pixel each, and still lands exactly; a long one steps at the usual pace', () => {
    jest.useFakeTimers();
    try {
      // 10,000 px per degree: 0.0003° is 3 px, 0.005° is 50 px.
      const screenDistance = (from: LngLat, to: LngLat) => Math.hypot(to[0] - from[0], to[1] - from[1]) * 10_000;
      const { layer, fleet, play } = setup({ screenDistance, stepMs: 66 });
      /** Frames and timers together, 100 ms at a time. */
      const run = (ms: number) => {
        for (let elapsed = 0; elapsed < ms; elapsed += 100) {
          play(100);
          jest.advanceTimersByTime(100);
        }
      };
      const steps = () => fleet.diffs.filter((diff) => diff.update?.length).length;
      layer.update([point(1, [-71.5, -32.5]), point(2, [-71.4, -32.4])], null);
      fleet.diffs.length = 0;

      layer.update([point(1, [-71.5003, -32.5]), point(2, [-71.4, -32.4])], null);
      run(1300);
      expect(fleet.at(1)).toEqual([-71.5003, -32.5]);
      expect(steps()).toBeLessThanOrEqual(4);

      fleet.diffs.length = 0;
      layer.update([point(1, [-71.5003, -32.5]), point(2, [-71.405, -32.4])], null);
      run(1300);
      expect(fleet.at(2)).toEqual([-71.405, -32.4]);
      expect(steps()).toBeGreaterThanOrEqual(8);
      layer.dispose();
    } finally {
      jest.useRealTimers();
    }
  });

  it('moves the selected taxi out of the clustered source into its own, and back when deselected', () => {
    const { layer, fleet, selected, drawnSelected } = setup({ glideMs: 0 });
    const taxis = [point(1, [-71.5, -32.5]), point(2, [-71.6, -32.6])];
    layer.update(taxis, null);
    layer.update(taxis, 2);
    expect([...fleet.features.keys()]).toEqual([1]);
    expect([...selected.features.keys()]).toEqual([2]);
    expect(drawnSelected.at(-1)).toEqual([-71.6, -32.6]);

    layer.update(taxis, null);
    expect([...fleet.features.keys()].sort()).toEqual([1, 2]);
    expect(selected.features.size).toBe(0);
  });

  it('the selected taxi glides too, and reports each drawn position (its popup and "Seguir" follow it)', () => {
    const { layer, selected, play, drawnSelected } = setup();
    layer.update([point(1, [-71.5, -32.5])], 1);
    layer.update([point(1, [-71.504, -32.5])], 1);
    play(500);
    const midway = drawnSelected.at(-1) as LngLat;
    expect(midway[0]).toBeLessThan(-71.5);
    expect(midway[0]).toBeGreaterThan(-71.504);
    play(700);
    expect(drawnSelected.at(-1)).toEqual([-71.504, -32.5]);
    expect(selected.at(1)).toEqual([-71.504, -32.5]);
  });

  it("coalesces the fleet's batches into one diff a second, landing on the latest positions; the selected taxi is drawn at once", () => {
    jest.useFakeTimers();
    try {
      const { layer, fleet, selected } = setup({ glideMs: 0, coalesceMs: 1000, now: () => Date.now() });
      layer.update([point(1, [-71.5, -32.5]), point(2, [-71.6, -32.6])], null);
      expect(fleet.diffs).toHaveLength(1);

      jest.advanceTimersByTime(250);
      layer.update([point(1, [-71.501, -32.5]), point(2, [-71.6, -32.6])], null);
      jest.advanceTimersByTime(250);
      layer.update([point(1, [-71.502, -32.5]), point(2, [-71.601, -32.6])], null);
      expect(fleet.diffs).toHaveLength(1); // held for the second's one diff

      jest.advanceTimersByTime(500);
      expect(fleet.diffs).toHaveLength(2);
      expect([fleet.at(1), fleet.at(2)]).toEqual([
        [-71.502, -32.5],
        [-71.601, -32.6],
      ]);

      // A selection, and a move of the selected taxi, do not wait.
      jest.advanceTimersByTime(100);
      layer.update([point(1, [-71.502, -32.5]), point(2, [-71.601, -32.6])], 2);
      expect(selected.at(2)).toEqual([-71.601, -32.6]);
      jest.advanceTimersByTime(100);
      layer.update([point(1, [-71.503, -32.5]), point(2, [-71.602, -32.6])], 2);
      expect(selected.at(2)).toEqual([-71.602, -32.6]);
      expect(fleet.at(1)).toEqual([-71.503, -32.5]); // drawn with it
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a fleet taxi moving less than a pixel on screen is not redrawn until its moves add up to one, or the map zooms (settle)', () => {
    // 10,000 px per degree: 0.00004° is 0.4 px.
    const screenDistance = (from: LngLat, to: LngLat) => Math.hypot(to[0] - from[0], to[1] - from[1]) * 10_000;
    const { layer, fleet } = setup({ glideMs: 0, screenDistance, minMovePixels: 1 });
    layer.update([point(1, [-71.5, -32.5]), point(2, [-71.4, -32.4])], null);

    layer.update([point(1, [-71.50004, -32.5]), point(2, [-71.4, -32.4])], null);
    layer.update([point(1, [-71.50008, -32.5]), point(2, [-71.4, -32.4])], null);
    expect(fleet.diffs).toHaveLength(1); // nothing a dispatcher could see
    expect(fleet.at(1)).toEqual([-71.5, -32.5]);

    layer.update([point(1, [-71.50012, -32.5]), point(2, [-71.4, -32.4])], null);
    expect(fleet.at(1)).toEqual([-71.50012, -32.5]); // 1.2 px: drawn, exactly where it is

    layer.update([point(1, [-71.50016, -32.5]), point(2, [-71.4, -32.4])], null);
    expect(fleet.at(1)).toEqual([-71.50012, -32.5]);
    layer.settle();
    expect(fleet.at(1)).toEqual([-71.50016, -32.5]);
    layer.settle();
    expect(fleet.diffs).toHaveLength(3); // nothing left behind: nothing sent

    // Left behind, then stopped (or a DevTools jump): the next batch draws it exactly.
    layer.update([point(1, [-71.5002, -32.5]), point(2, [-71.4, -32.4])], null);
    expect(fleet.at(1)).toEqual([-71.50016, -32.5]);
    layer.update([point(1, [-71.5002, -32.5]), point(2, [-71.4, -32.4])], null);
    expect(fleet.at(1)).toEqual([-71.5002, -32.5]);
    layer.dispose();
  });

  it('a DevTools jump by less than a pixel lands exactly once no batch follows it', () => {
    jest.useFakeTimers();
    try {
      const screenDistance = (from: LngLat, to: LngLat) => Math.hypot(to[0] - from[0], to[1] - from[1]) * 10_000;
      const { layer, fleet } = setup({ glideMs: 0, screenDistance, minMovePixels: 2 });
      layer.update([point(1, [-71.5, -32.5])], null);
      // Time-travel to the state a second later: 0.4 px away, and the monitor stays there.
      layer.update([point(1, [-71.50004, -32.5])], null);
      expect(fleet.at(1)).toEqual([-71.5, -32.5]);
      jest.advanceTimersByTime(1499);
      expect(fleet.at(1)).toEqual([-71.5, -32.5]);
      jest.advanceTimersByTime(1);
      expect(fleet.at(1)).toEqual([-71.50004, -32.5]);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('redraw sends everything again to a source that was recreated', () => {
    const { layer, fleet, selected } = setup({ glideMs: 0 });
    layer.update([point(1, [-71.5, -32.5]), point(2, [-71.6, -32.6])], 1);
    fleet.features.clear();
    selected.features.clear();
    layer.redraw();
    expect([...fleet.features.keys()]).toEqual([2]);
    expect([...selected.features.keys()]).toEqual([1]);
  });
});
