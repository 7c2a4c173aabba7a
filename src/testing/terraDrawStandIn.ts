/**
 * What `terra-draw` and its MapLibre adapter become in Jest (see jest.config.ts): the drawing tool
 * needs MapLibre's canvas, which jsdom has not (as react-map-gl's stand-in, reactMapGlStandIn.tsx).
 * It keeps what the page asked of it (the mode, the features it put on the map, the one selected) in
 * `terraDrawStandIn`, and lets a test finish a shape as a user's clicks would (`finish`), which fires
 * the 'finish' event the page listens to. The real tool, on the real map, is drawn in Chromium
 * (e2e/alerts.spec.ts).
 */
type Ring = number[][];
interface Feature {
  id: string;
  type: 'Feature';
  geometry: { type: 'Polygon'; coordinates: Ring[] };
  properties: { mode: string };
}
type FinishListener = (id: string) => void;

class StandInDraw {
  mode = 'static';
  started = false;
  features = new Map<string, Feature>();
  selected: string | null = null;
  private listeners: FinishListener[] = [];
  constructor(private readonly options: { idStrategy?: { getId(): string } }) {}
  start() {
    this.started = true;
  }
  stop() {
    this.started = false;
    this.listeners = [];
  }
  on(event: string, listener: FinishListener) {
    if (event === 'finish') this.listeners.push(listener);
  }
  setMode(mode: string) {
    this.mode = mode;
  }
  clear() {
    this.features.clear();
    this.selected = null;
  }
  addFeatures(features: Feature[]) {
    for (const feature of features) this.features.set(feature.id, feature);
  }
  selectFeature(id: string) {
    this.selected = id;
  }
  getSnapshotFeature(id: string) {
    return this.features.get(id);
  }
  /** A user finishes a shape: a new one in polygon or circle mode, or the selected one after a drag. */
  finish(ring: Ring, mode: 'polygon' | 'circle') {
    const id = this.selected ?? this.options.idStrategy?.getId() ?? `dibujo-${this.features.size + 1}`;
    this.features.set(id, { id, type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { mode } });
    for (const listener of this.listeners) listener(id);
  }
}

/** The live drawing tool of the page (the last one started), or null. */
export const terraDrawStandIn: { current: StandInDraw | null } = { current: null };

export class TerraDraw extends StandInDraw {
  constructor(options: { idStrategy?: { getId(): string } }) {
    super(options);
    terraDrawStandIn.current = this;
  }
}
export class TerraDrawPolygonMode {}
export class TerraDrawCircleMode {}
export class TerraDrawSelectMode {
  constructor(readonly options?: unknown) {}
}
export class TerraDrawMapLibreGLAdapter {
  constructor(readonly options: { map: unknown }) {}
}
