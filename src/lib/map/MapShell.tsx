/**
 * The map shell every map screen starts from: MapLibre loaded lazily with its worker, the raster
 * style, and the same controls in the same corners. Screens add their sources and layers as children.
 */
import { forwardRef, type ReactNode } from 'react';
import Map, { AttributionControl, NavigationControl, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import { loadMapLibre } from './maplibre';
import { mapLocaleEs } from './mapLocale';

export interface MapShellProps extends Omit<MapProps, 'mapLib' | 'attributionControl' | 'locale'> {
  /** What the map canvas is called to a screen reader ("Mapa en vivo"); "Mapa" by default. */
  title?: string;
  /** The full attribution line (the live map) or the compact "i" (small maps). */
  compactAttribution?: boolean;
  children?: ReactNode;
}

export const MapShell = forwardRef<MapRef, MapShellProps>(function MapShell({ compactAttribution = false, title, children, style, ...props }, ref) {
  const locale = title ? { ...mapLocaleEs, 'Map.Title': title } : mapLocaleEs;
  return (
    <Map ref={ref} mapLib={loadMapLibre()} attributionControl={false} locale={locale} style={{ width: '100%', height: '100%', ...style }} {...props}>
      <AttributionControl compact={compactAttribution} position="bottom-right" />
      <NavigationControl position="top-right" showCompass={false} />
      {children}
    </Map>
  );
});
