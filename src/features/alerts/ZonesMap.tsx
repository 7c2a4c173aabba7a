/**
 * The zone editor's map: the fleet's zones (ZoneLayer) and a drawing tool (terra-draw with its
 * MapLibre adapter, on the map instance react-map-gl holds): click the vertices of a polygon and
 * the first again to close it, or click a centre and drag out a circle. Editing a saved zone puts its
 * shape in terra-draw's select mode: drag a vertex, a midpoint (a new vertex) or the whole shape, or a
 * circle's edge to resize it; each finished change comes back as the new shape. A lazy chunk, like
 * every map.
 */
import { useEffect, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { TerraDraw, TerraDrawCircleMode, TerraDrawPolygonMode, TerraDrawSelectMode, type GeoJSONStoreFeatures } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { Zone, ZoneGeometry } from '../../../contract/alerts';
import { useAppSelector } from '../../app/hooks';
import { ZoneLayer } from '../../components/map/ZoneLayer';
import { selectColorScheme } from '../../components/theme/themeSlice';
import { MapShell } from '../../lib/map/MapShell';
import { applyTileColorScheme, useBaseMapStyle } from '../../lib/map/baseMapStyle';
import { circleFromRing, zonePolygon } from '../../lib/map/zoneGeometry';

export type DrawMode = 'polygon' | 'circle' | 'edit' | null;
export interface DrawnShape {
  geometry: ZoneGeometry;
  radius_m: number | null;
}

/** terra-draw checks ids with its strategy (uuid by default): plain counters serve here, and need no secure context. */
const idStrategy = (() => {
  let next = 0;
  return { isValidId: (id: unknown) => typeof id === 'string' && id.startsWith('zona-'), getId: () => `zona-${++next}` };
})();
/** terra-draw refuses coordinates finer than its precision (9 decimals); 7 is about a centimetre. */
const rounded = (ring: readonly (readonly number[])[]) => ring.map(([lng, lat]) => [Math.round(lng * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7]);

/** The saved zone as terra-draw's feature of the mode that drew it: a circle is a ring terra-draw resizes around its centre. */
function editableFeature(zone: Zone, id: string): GeoJSONStoreFeatures {
  const polygon = zonePolygon(zone.geometry, zone.radius_m);
  return { id, type: 'Feature', geometry: { type: 'Polygon', coordinates: [rounded(polygon.coordinates[0])] }, properties: { mode: zone.geometry.type === 'Point' ? 'circle' : 'polygon' } };
}

const selectFlags = {
  polygon: { feature: { draggable: true, coordinates: { draggable: true, midpoints: { draggable: true }, deletable: true } } },
  circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' as const } } },
};

export default function ZonesMap({ zones, mode, editing, onDrawn, onReady }: { zones: readonly Zone[]; mode: DrawMode; editing?: Zone | null; onDrawn(shape: DrawnShape): void; onReady?(): void }) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useBaseMapStyle(tileUrl, tileAttribution);
  const mapRef = useRef<MapRef>(null);
  const drawRef = useRef<TerraDraw | null>(null);
  const [loaded, setLoaded] = useState(false);
  const drawn = useRef(onDrawn);
  const onReadyRef = useRef(onReady);
  const editingZone = mode === 'edit' ? (editing ?? null) : null;
  // The shape is put on the map once per zone edited: a refetch of the list must not undo the user's drags.
  const editingRef = useRef(editingZone);
  useEffect(() => {
    drawn.current = onDrawn;
    onReadyRef.current = onReady;
    editingRef.current = editingZone;
  });

  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!loaded || !map) return;
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      idStrategy,
      // The shape being edited stays selected: a click beside it must not drop its handles.
      // A circle by a drag from its centre (what a hand does first) or by two clicks (issue 46).
      modes: [new TerraDrawPolygonMode(), new TerraDrawCircleMode({ drawInteraction: 'click-move-or-drag' }), new TerraDrawSelectMode({ flags: selectFlags, allowManualDeselection: false })],
    });
    draw.start();
    draw.on('finish', (id) => {
      const feature = draw.getSnapshotFeature(id);
      if (!feature || feature.geometry.type !== 'Polygon') return;
      const ring = feature.geometry.coordinates[0] as [number, number][];
      if (feature.properties?.mode === 'circle') {
        const { center, radiusM } = circleFromRing(ring);
        drawn.current({ geometry: { type: 'Point', coordinates: center }, radius_m: radiusM });
      } else {
        drawn.current({ geometry: { type: 'Polygon', coordinates: [ring] }, radius_m: null });
      }
    });
    drawRef.current = draw;
    onReadyRef.current?.();
    return () => {
      draw.stop();
      drawRef.current = null;
    };
  }, [loaded]);

  const editingId = editingZone?.id ?? null;
  useEffect(() => {
    const draw = drawRef.current;
    const zone = editingRef.current;
    if (!draw) return;
    draw.clear();
    if (!zone) {
      draw.setMode(mode === 'edit' ? 'static' : (mode ?? 'static'));
      return;
    }
    const id = idStrategy.getId();
    const feature = editableFeature(zone, id);
    draw.addFeatures([feature]);
    draw.setMode('select');
    draw.selectFeature(id);
    // The zone edited may lie outside the view: bring it in (and leave the view alone when it is already there).
    const ring = (feature.geometry.coordinates as number[][][])[0];
    const map = mapRef.current;
    const view = map?.getBounds();
    if (map && view && !ring.every(([lng, lat]) => view.contains([lng, lat]))) {
      const lngs = ring.map((p) => p[0]);
      const lats = ring.map((p) => p[1]);
      map.fitBounds([Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)], { padding: 60, maxZoom: 16, duration: 0 });
    }
  }, [mode, editingId, loaded]);

  return (
    <MapShell
      ref={mapRef}
      initialViewState={{ longitude: -71.2264, latitude: -32.4519, zoom: 13 }}
      mapStyle={mapStyle}
      onLoad={(event) => {
        applyTileColorScheme(event.target, colorScheme);
        setLoaded(true);
      }}
    >
      {/* The zone being edited is drawn by terra-draw alone, not twice. */}
      <ZoneLayer id="zones" zones={editingZone ? zones.filter((zone) => zone.id !== editingZone.id) : zones} />
    </MapShell>
  );
}
