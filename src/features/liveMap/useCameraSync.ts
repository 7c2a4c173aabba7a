/**
 * Keeps the map's camera and the store's view in step, without feedback loops:
 * - the user's moves are written to the store on moveend (unless the store already says so);
 * - when the store's view changes from outside (DevTools time-travel, a selected taxi), the map
 *   jumps there; the moveend that jump causes finds the store equal and writes nothing;
 * - the map fits all taxis once, when the first positions arrive (unless it reopened on a saved
 *   view), and whenever fitRequested is dispatched, never on plain updates.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useStore } from 'react-redux';
import type { MapRef, ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { useAppDispatch } from '../../app/hooks';
import { viewChanged, type LiveMapState, type LngLat } from './liveMapSlice';
import { isSameView } from './mapGeo';

const FIT_OPTIONS = { padding: 50, maxZoom: 16 };

export function useCameraSync(mapRef: RefObject<MapRef | null>, mapReady: boolean, view: LiveMapState, bounds: [LngLat, LngLat] | null) {
  const dispatch = useAppDispatch();
  const store = useStore<{ liveMap: LiveMapState }>();

  const fitOnFirstPositions = useRef(view.center === null);
  const lastFitRequest = useRef(view.fitRequestId);
  const latestBounds = useRef(bounds);
  useEffect(() => {
    latestBounds.current = bounds;
  }, [bounds]);

  // The store moved: follow it.
  const { center, zoom } = view;
  useEffect(() => {
    const map = mapRef.current;
    if (!mapReady || !map || !center) return;
    const { lng, lat } = map.getCenter();
    const camera = { center: [lng, lat] as LngLat, zoom: map.getZoom() };
    if (!isSameView(camera, { center, zoom })) map.jumpTo({ center, zoom });
  }, [mapRef, mapReady, center, zoom]);

  // The first positions: show them all.
  useEffect(() => {
    const map = mapRef.current;
    if (!mapReady || !map || !bounds || !fitOnFirstPositions.current) return;
    fitOnFirstPositions.current = false;
    map.fitBounds(bounds, { ...FIT_OPTIONS, duration: 0 });
  }, [mapRef, mapReady, bounds]);

  // "Ver todos". Only a newer request fits: scrubbing DevTools back must not.
  const { fitRequestId } = view;
  useEffect(() => {
    const map = mapRef.current;
    if (!mapReady || !map) return;
    if (fitRequestId > lastFitRequest.current && latestBounds.current) map.fitBounds(latestBounds.current, FIT_OPTIONS);
    lastFitRequest.current = fitRequestId;
  }, [mapRef, mapReady, fitRequestId]);

  return useCallback(
    (event: ViewStateChangeEvent) => {
      const { longitude, latitude, zoom: movedZoom } = event.viewState;
      const moved = { center: [longitude, latitude] as LngLat, zoom: movedZoom };
      const stored = store.getState().liveMap;
      if (!stored.center || !isSameView(moved, { center: stored.center, zoom: stored.zoom })) dispatch(viewChanged(moved));
    },
    [dispatch, store],
  );
}
