/**
 * What `react-map-gl/maplibre` becomes in Jest (see jest.config.ts). It renders the page's markup
 * (children, popups) without WebGL, remembers the GeoJSON each <Source> was given so tests can read
 * what the page draws, and gives the Map ref a fake camera whose moves fire onMoveEnd like the real one.
 * Each <Source> is also a fake GeoJSON source (`map.getSource(id)`) that applies `setData` and
 * `updateData` diffs the way MapLibre does, so `mapStandIn.sources` holds what the map would draw.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, type ReactNode } from 'react';

type LngLatLike = [number, number] | { lng: number; lat: number };
interface ViewState {
  longitude: number;
  latitude: number;
  zoom: number;
}
interface StandInMapProps {
  initialViewState?: Partial<ViewState>;
  onLoad?: (event: { type: 'load'; target: FakeMap }) => void;
  onMoveEnd?: (event: { type: 'moveend'; target: FakeMap; viewState: ViewState }) => void;
  onClick?: (event: unknown) => void;
  interactiveLayerIds?: string[];
  /** The base map's style (baseMapStyle.ts): its layers are what getLayer and getLayersOrder read. */
  mapStyle?: string | { layers?: StyleLayer[] } | null;
  children?: ReactNode;
}
interface StyleLayer {
  id: string;
  type: string;
  source?: string;
}

export interface FakeMap {
  getMap(): FakeMap;
  getCenter: jest.Mock<{ lng: number; lat: number }, []>;
  getZoom: jest.Mock<number, []>;
  jumpTo: jest.Mock<void, [{ center?: LngLatLike; zoom?: number }]>;
  fitBounds: jest.Mock<void, [[LngLatLike, LngLatLike], unknown?]>;
  on: jest.Mock;
  off: jest.Mock;
  addImage: jest.Mock;
  hasImage: jest.Mock<boolean, [string]>;
  getSource(id: string): FakeGeoJsonSource | undefined;
  getBounds(): { _sw: { lng: number; lat: number }; _ne: { lng: number; lat: number }; contains(position: [number, number]): boolean };
  easeTo: jest.Mock<void, [{ center?: LngLatLike; zoom?: number }]>;
  setPaintProperty: jest.Mock<void, [string, string, unknown]>;
  setLayoutProperty: jest.Mock<void, [string, string, unknown]>;
  getLayer(id: string): StyleLayer | undefined;
  getLayersOrder(): string[];
  /** The canvas MapLibre draws on and focuses (tabindex 0): the keyboard reaches the map here. */
  getCanvas(): HTMLCanvasElement;
  /** Screen pixels of a position at the camera's zoom (256-px tiles; a flat projection is enough here). */
  project(position: LngLatLike): { x: number; y: number };
}

type Feature = { type: 'Feature'; id?: number | string; geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> };
type Collection = { type: 'FeatureCollection'; features: Feature[] };
interface Diff {
  removeAll?: boolean;
  remove?: (number | string)[];
  add?: Feature[];
  update?: { id: number | string; newGeometry?: Feature['geometry']; addOrUpdateProperties?: { key: string; value: unknown }[] }[];
}

/** A GeoJSON source: what it holds is published to mapStandIn.sources after every change. */
export class FakeGeoJsonSource {
  constructor(
    readonly id: string,
    private data: unknown,
  ) {
    this.publish();
  }
  setData(data: unknown) {
    this.data = data;
    this.publish();
  }
  updateData(diff: Diff) {
    const collection = this.data as Collection;
    let features = diff.removeAll ? [] : collection.features.filter((feature) => !diff.remove?.includes(feature.id as number));
    features = [...features, ...(diff.add ?? [])];
    features = features.map((feature) => {
      const change = diff.update?.find((candidate) => candidate.id === feature.id);
      if (!change) return feature;
      const properties = { ...feature.properties };
      change.addOrUpdateProperties?.forEach(({ key, value }) => (properties[key] = value));
      return { ...feature, geometry: change.newGeometry ?? feature.geometry, properties };
    });
    this.setData({ type: 'FeatureCollection', features });
  }
  getClusterExpansionZoom = jest.fn(async (_clusterId: number) => 16);
  private publish() {
    mapStandIn.sources.set(this.id, this.data);
  }
}
const fakeSources = new Map<string, FakeGeoJsonSource>();

/** The last map the page rendered, its props, and the data of every source by id. */
export const mapStandIn = {
  map: null as FakeMap | null,
  props: null as StandInMapProps | null,
  sources: new Map<string, unknown>(),
  layers: new Map<string, unknown>(),
  reset() {
    this.map = null;
    this.props = null;
    this.sources.clear();
    this.layers.clear();
    fakeSources.clear();
  },
};

const toLngLat = (value: LngLatLike): [number, number] => (Array.isArray(value) ? value : [value.lng, value.lat]);

function createFakeMap(initial: Partial<ViewState> | undefined, props: () => StandInMapProps): FakeMap {
  const camera = { lng: initial?.longitude ?? 0, lat: initial?.latitude ?? 0, zoom: initial?.zoom ?? 0 };
  const canvas = document.createElement('canvas');
  canvas.className = 'maplibregl-canvas';
  canvas.tabIndex = 0;
  const styleLayers = (): StyleLayer[] => {
    const style = props().mapStyle;
    return style && typeof style === 'object' ? (style.layers ?? []) : [];
  };
  const moved = () => props().onMoveEnd?.({ type: 'moveend', target: map, viewState: { longitude: camera.lng, latitude: camera.lat, zoom: camera.zoom } });
  const map: FakeMap = {
    getMap: () => map,
    getCenter: jest.fn(() => ({ lng: camera.lng, lat: camera.lat })),
    getZoom: jest.fn(() => camera.zoom),
    jumpTo: jest.fn(({ center, zoom }) => {
      if (center) [camera.lng, camera.lat] = toLngLat(center);
      if (zoom !== undefined) camera.zoom = zoom;
      moved();
    }),
    fitBounds: jest.fn(([southWest, northEast]) => {
      const [west, south] = toLngLat(southWest);
      const [east, north] = toLngLat(northEast);
      camera.lng = (west + east) / 2;
      camera.lat = (south + north) / 2;
      camera.zoom = 14;
      moved();
    }),
    on: jest.fn(),
    off: jest.fn(),
    addImage: jest.fn(),
    hasImage: jest.fn((_id: string) => false),
    getSource: (id: string) => fakeSources.get(id),
    getBounds: () => {
      const sw = { lng: camera.lng - 0.05, lat: camera.lat - 0.05 };
      const ne = { lng: camera.lng + 0.05, lat: camera.lat + 0.05 };
      return { _sw: sw, _ne: ne, contains: ([lng, lat]: [number, number]) => lng >= sw.lng && lng <= ne.lng && lat >= sw.lat && lat <= ne.lat };
    },
    easeTo: jest.fn(({ center, zoom }) => {
      if (center) [camera.lng, camera.lat] = toLngLat(center);
      if (zoom !== undefined) camera.zoom = zoom;
      moved();
    }),
    setPaintProperty: jest.fn(),
    setLayoutProperty: jest.fn(),
    getLayer: (id) => styleLayers().find((layer) => layer.id === id),
    getLayersOrder: () => styleLayers().map((layer) => layer.id),
    getCanvas: () => canvas,
    project: (position) => {
      const [lng, lat] = toLngLat(position);
      const pixelsPerDegree = (256 * 2 ** camera.zoom) / 360;
      return { x: (lng - camera.lng) * pixelsPerDegree, y: (camera.lat - lat) * pixelsPerDegree };
    },
  };
  return map;
}

const StandInMap = forwardRef<FakeMap, StandInMapProps>(function StandInMap(props, ref) {
  const propsRef = useRef(props);
  useEffect(() => {
    propsRef.current = props;
    mapStandIn.props = props;
  });
  const mapRef = useRef<FakeMap | null>(null);
  mapRef.current ??= createFakeMap(props.initialViewState, () => propsRef.current);
  useImperativeHandle(ref, () => mapRef.current as FakeMap, []);
  useEffect(() => {
    mapStandIn.map = mapRef.current;
    propsRef.current.onLoad?.({ type: 'load', target: mapRef.current as FakeMap });
  }, []);
  return (
    <div data-testid="map" ref={(element) => void (element && !element.contains(mapRef.current?.getCanvas() ?? null) && element.prepend(mapRef.current?.getCanvas() as HTMLCanvasElement))}>
      {props.children}
    </div>
  );
});
export { StandInMap as Map };
export default StandInMap;

export function Source({ id, data, children }: { id?: string; data?: unknown; children?: ReactNode }) {
  // Created during render, as react-map-gl does once the style has loaded.
  if (id && !fakeSources.has(id)) fakeSources.set(id, new FakeGeoJsonSource(id, data));
  const dataRef = useRef(data);
  useEffect(() => {
    if (!id) return undefined;
    if (!fakeSources.has(id)) fakeSources.set(id, new FakeGeoJsonSource(id, dataRef.current));
    // Unmounted: the map removes the source (a later map starts from an empty one).
    return () => {
      fakeSources.delete(id);
    };
  }, [id]);
  useEffect(() => {
    if (dataRef.current === data) return;
    dataRef.current = data;
    if (id) fakeSources.get(id)?.setData(data);
  }, [id, data]);
  return <div data-testid={`source-${id}`}>{children}</div>;
}

export function Layer(props: { id?: string }) {
  useEffect(() => {
    if (props.id) mapStandIn.layers.set(props.id, props);
  });
  return null;
}

interface PopupProps {
  children?: ReactNode;
  onClose?: () => void;
  closeButton?: boolean;
  longitude?: number;
  latitude?: number;
}

export const Popup = forwardRef<{ setLngLat(at: LngLatLike): void }, PopupProps>(function Popup({ children, onClose, closeButton = true }, ref) {
  useImperativeHandle(ref, () => ({ setLngLat: () => undefined }), []);
  return (
    <div data-testid="popup">
      {closeButton && (
        <button type="button" aria-label="Close popup" onClick={() => onClose?.()}>
          ×
        </button>
      )}
      {children}
    </div>
  );
});

export function AttributionControl() {
  return null;
}

export function NavigationControl() {
  return null;
}

/** A DOM marker: its children are rendered in place, with where it stands for tests to read. */
export function Marker({ children, longitude, latitude }: { children?: ReactNode; longitude: number; latitude: number }) {
  return (
    <div data-testid="marker" data-lnglat={`${longitude},${latitude}`}>
      {children}
    </div>
  );
}
