/**
 * The live map: OSM raster tiles, every located taxi in ONE GeoJSON source drawn by a symbol layer
 * (a new `data` per batch, not a React marker per taxi), and the selected taxi's popup and trail.
 */
import { useMemo, useRef, useState } from 'react';
import Map, { AttributionControl, Layer, NavigationControl, Source, type LayerProps, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectColorScheme } from '../../components/theme/themeSlice';
import { loadMapLibre } from '../../lib/map/maplibre';
import { rasterStyle } from '../../lib/map/rasterStyle';
import { INITIAL_ZOOM, popupClosed, selectLiveMap, shiftSelected, trailToggled } from './liveMapSlice';
import { initialCenter, positionsBounds, taxisGeoJson } from './mapGeo';
import { TaxiPopup } from './TaxiPopup';
import { TaxiTrail } from './TaxiTrail';
import { addTaxiIcons, TAXI_ICON, TAXI_ICON_STALE, TAXI_NUMBER_OFFSET } from './taxiIcon';
import type { TaxiRow } from './taxiRows';
import { useCameraSync } from './useCameraSync';

const TAXI_LAYER = 'taxis';

const taxiLayer: LayerProps = {
  id: TAXI_LAYER,
  type: 'symbol',
  layout: {
    'icon-image': ['case', ['get', 'stale'], TAXI_ICON_STALE, TAXI_ICON],
    'icon-size': ['case', ['get', 'selected'], 1.2, 1],
    'icon-allow-overlap': true,
    'icon-ignore-placement': true,
    'text-field': ['concat', '#', ['to-string', ['get', 'number']]],
    'text-size': 12,
    'text-offset': TAXI_NUMBER_OFFSET,
    'text-allow-overlap': true,
    'text-ignore-placement': true,
    // The selected taxi is drawn last, on top of its neighbours.
    'symbol-sort-key': ['case', ['get', 'selected'], 1, 0],
  },
  paint: { 'text-color': '#ffffff' },
};

export function TaxiMap({ rows }: { rows: TaxiRow[] }) {
  const dispatch = useAppDispatch();
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const view = useAppSelector(selectLiveMap);
  const mapRef = useRef<MapRef>(null);
  const [mapReady, setMapReady] = useState(false);
  const [iconsReady, setIconsReady] = useState(false);
  const [pointing, setPointing] = useState(false);

  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useMemo(() => rasterStyle(tileUrl, tileAttribution, colorScheme), [tileUrl, tileAttribution, colorScheme]);
  // Reopened on a saved view: keep it. Otherwise the first driver's position, or La Ligua.
  const [initialViewState] = useState(() => {
    const [longitude, latitude] = view.center ?? initialCenter(rows);
    return { longitude, latitude, zoom: view.center ? view.zoom : INITIAL_ZOOM };
  });
  const bounds = useMemo(() => positionsBounds(rows), [rows]);
  const onMoveEnd = useCameraSync(mapRef, mapReady, view, bounds);
  const taxis = useMemo(() => taxisGeoJson(rows, view.selectedShiftId), [rows, view.selectedShiftId]);
  const selected = rows.find((row) => row.shift.id === view.selectedShiftId);

  function onClick(event: MapLayerMouseEvent) {
    const shiftId: unknown = event.features?.[0]?.properties?.shiftId;
    const row = rows.find((candidate) => candidate.shift.id === shiftId);
    if (row) dispatch(shiftSelected({ shiftId: row.shift.id, position: row.position }));
  }

  return (
    <Map
      ref={mapRef}
      mapLib={loadMapLibre()}
      mapStyle={mapStyle}
      initialViewState={initialViewState}
      attributionControl={false}
      interactiveLayerIds={iconsReady ? [TAXI_LAYER] : []}
      cursor={pointing ? 'pointer' : undefined}
      style={{ width: '100%', height: '100%' }}
      onLoad={(event) => {
        setMapReady(true);
        addTaxiIcons(event.target)
          .then(() => setIconsReady(true))
          .catch((error: unknown) => console.error(error));
      }}
      onMoveEnd={onMoveEnd}
      onClick={onClick}
      onMouseEnter={() => setPointing(true)}
      onMouseLeave={() => setPointing(false)}
    >
      <AttributionControl compact={false} position="bottom-right" />
      <NavigationControl position="top-right" showCompass={false} />
      <Source id="taxis" type="geojson" data={taxis}>
        {iconsReady && <Layer {...taxiLayer} />}
      </Source>
      {selected && view.showTrail && <TaxiTrail shift={selected.shift} beforeId={iconsReady ? TAXI_LAYER : undefined} />}
      {selected?.position && (
        <TaxiPopup
          row={{ ...selected, position: selected.position }}
          showTrail={view.showTrail}
          onToggleTrail={() => dispatch(trailToggled())}
          onClose={() => dispatch(popupClosed())}
        />
      )}
    </Map>
  );
}
