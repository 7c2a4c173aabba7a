/**
 * The map shell every map screen starts from: MapLibre loaded lazily with its worker, the raster
 * style, and the same controls in the same corners. Screens add their sources and layers as children.
 * It watches the base map's tiles and says so in Spanish when none load (BaseMapNotice).
 */
import { forwardRef, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Map, { AttributionControl, NavigationControl, type ErrorEvent, type MapEvent, type MapProps, type MapRef, type MapSourceDataEvent } from 'react-map-gl/maplibre';
import { BaseMapNotice } from './BaseMapNotice';
import { watchBaseMap, type BaseMapWatch } from './baseMapWatch';
import { loadMapLibre } from './maplibre';
import { mapLocaleEs } from './mapLocale';
import { isBaseMapShown } from './baseMapStyle';
import { TILE_SOURCE_ID } from './rasterStyle';

export interface MapShellProps extends Omit<MapProps, 'mapLib' | 'attributionControl' | 'locale' | 'mapStyle'> {
  /** The base map's style (useBaseMapStyle); null while it is being chosen: the map is made once it is there. */
  mapStyle?: MapProps['mapStyle'] | null;
  /** What the map canvas is called to a screen reader ("Mapa en vivo"); "Mapa" by default. */
  title?: string;
  /** The full attribution line (the live map) or the compact "i" (small maps). */
  compactAttribution?: boolean;
  children?: ReactNode;
}

/** The base map's watcher, fed by the map's events; `failed` says whether to show the notice. */
function useBaseMapWatch({ onLoad, onError, onSourceData }: Pick<MapShellProps, 'onLoad' | 'onError' | 'onSourceData'>) {
  const [failed, setFailed] = useState(false);
  const mapRef = useRef<MapEvent['target'] | null>(null);
  const watchRef = useRef<BaseMapWatch | null>(null);
  useEffect(() => {
    const watcher = watchBaseMap({
      onChange: setFailed,
      // The replay hides its tiles while its trail downloads: no tile is wanted then.
      isShown: () => (mapRef.current ? isBaseMapShown(mapRef.current) : true),
    });
    watchRef.current = watcher;
    return () => watcher.stop();
  }, []);
  const handlers = {
    onLoad: useCallback(
      (event: MapEvent) => {
        mapRef.current = event.target;
        onLoad?.(event);
      },
      [onLoad],
    ),
    onError: useCallback(
      (event: ErrorEvent) => {
        if ((event as ErrorEvent & { sourceId?: string }).sourceId === TILE_SOURCE_ID) watchRef.current?.failed();
        onError?.(event);
      },
      [onError],
    ),
    onSourceData: useCallback(
      (event: MapSourceDataEvent) => {
        if (event.sourceId === TILE_SOURCE_ID) {
          mapRef.current ??= event.target;
          if (event.tile) watchRef.current?.loaded();
          else if (event.sourceDataType === 'metadata') watchRef.current?.wanted();
        }
        onSourceData?.(event);
      },
      [onSourceData],
    ),
  };
  return { failed, handlers };
}

export const MapShell = forwardRef<MapRef, MapShellProps>(function MapShell({ compactAttribution = false, title, children, style, mapStyle, onLoad, onError, onSourceData, ...props }, ref) {
  const locale = title ? { ...mapLocaleEs, 'Map.Title': title } : mapLocaleEs;
  const { failed, handlers } = useBaseMapWatch({ onLoad, onError, onSourceData });
  // A PMTiles archive's header is read first (a few ms on an intranet): the map's place stays empty meanwhile.
  if (mapStyle === null) return <div aria-busy="true" style={{ width: '100%', height: '100%', ...style }} />;
  return (
    <Map ref={ref} mapLib={loadMapLibre()} attributionControl={false} locale={locale} style={{ width: '100%', height: '100%', ...style }} mapStyle={mapStyle} {...props} {...handlers}>
      <AttributionControl compact={compactAttribution} position="bottom-right" />
      <NavigationControl position="top-right" showCompass={false} />
      {failed && <BaseMapNotice />}
      {children}
    </Map>
  );
});
