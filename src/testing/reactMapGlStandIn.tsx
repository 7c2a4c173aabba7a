/**
 * What `react-map-gl/maplibre` becomes in Jest (see jest.config.ts). It renders the page's markup
 * (children, popups) without WebGL, remembers the GeoJSON each <Source> was given so tests can read
 * what the page draws, and gives the Map ref a fake camera whose moves fire onMoveEnd like the real one.
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
  children?: ReactNode;
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
}

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
  },
};

const toLngLat = (value: LngLatLike): [number, number] => (Array.isArray(value) ? value : [value.lng, value.lat]);

function createFakeMap(initial: Partial<ViewState> | undefined, props: () => StandInMapProps): FakeMap {
  const camera = { lng: initial?.longitude ?? 0, lat: initial?.latitude ?? 0, zoom: initial?.zoom ?? 0 };
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
  return <div data-testid="map">{props.children}</div>;
});
export { StandInMap as Map };
export default StandInMap;

export function Source({ id, data, children }: { id?: string; data?: unknown; children?: ReactNode }) {
  useEffect(() => {
    if (id) mapStandIn.sources.set(id, data);
  }, [id, data]);
  return <div data-testid={`source-${id}`}>{children}</div>;
}

export function Layer(props: { id?: string }) {
  useEffect(() => {
    if (props.id) mapStandIn.layers.set(props.id, props);
  });
  return null;
}

export function Popup({ children, onClose, closeButton = true }: { children?: ReactNode; onClose?: () => void; closeButton?: boolean }) {
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
}

export function AttributionControl() {
  return null;
}

export function NavigationControl() {
  return null;
}
