/**
 * The zone editor's map: the fleet's zones (ZoneLayer) and a drawing tool (terra-draw with its
 * MapLibre adapter, on the map instance react-map-gl holds): click the vertices of a polygon and
 * the first again to close it, or click a centre and drag out a circle. A lazy chunk, like every map.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { TerraDraw, TerraDrawCircleMode, TerraDrawPolygonMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { Zone, ZoneGeometry } from '../../../contract/alerts';
import { useAppSelector } from '../../app/hooks';
import { ZoneLayer } from '../../components/map/ZoneLayer';
import { selectColorScheme } from '../../components/theme/themeSlice';
import { MapShell } from '../../lib/map/MapShell';
import { applyTileColorScheme, rasterStyle } from '../../lib/map/rasterStyle';
import { circleFromRing } from '../../lib/map/zoneGeometry';

export type DrawMode = 'polygon' | 'circle' | null;
export interface DrawnShape {
  geometry: ZoneGeometry;
  radius_m: number | null;
}

export default function ZonesMap({ zones, mode, onDrawn, onReady }: { zones: readonly Zone[]; mode: DrawMode; onDrawn(shape: DrawnShape): void; onReady?(): void }) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useMemo(() => rasterStyle(tileUrl, tileAttribution), [tileUrl, tileAttribution]);
  const mapRef = useRef<MapRef>(null);
  const drawRef = useRef<TerraDraw | null>(null);
  const [loaded, setLoaded] = useState(false);
  const drawn = useRef(onDrawn);
  const onReadyRef = useRef(onReady);
  useEffect(() => {
    drawn.current = onDrawn;
    onReadyRef.current = onReady;
  });

  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!loaded || !map) return;
    const draw = new TerraDraw({ adapter: new TerraDrawMapLibreGLAdapter({ map }), modes: [new TerraDrawPolygonMode(), new TerraDrawCircleMode()] });
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

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw) return;
    draw.clear();
    draw.setMode(mode ?? 'static');
  }, [mode, loaded]);

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
      <ZoneLayer id="zones" zones={zones} />
    </MapShell>
  );
}
