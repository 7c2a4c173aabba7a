/**
 * Keeps the map's camera and the store's view in step, without feedback loops:
 * - the user's moves are written to the store on moveend (unless the store already says so);
 * - when the store's view changes from outside (DevTools time-travel, a selected taxi), the map
 *   jumps there; the moveend that jump causes finds the store equal and writes nothing;
 * - the map fits all taxis once, when the first positions arrive (unless it reopened on a saved
 *   view), and whenever fitRequested is dispatched, never on plain updates;
 * - after a resize (a narrower window, the sidebar folding) it fits again, unless the dispatcher
 *   has moved the map since the last fit;
 * - "Seguir" moves the camera with the selected taxi's glide: those moves are not written (one
 *   action per frame would swamp the store); the view is written once when following ends.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useStore } from 'react-redux';
import type { MapRef, ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { useAppDispatch } from '../../../app/hooks';
import { viewChanged, type LiveMapState, type LngLat } from '../state/liveMapSlice';
import { isSameView } from './mapGeo';

const FIT_OPTIONS = { padding: 50, maxZoom: 16 };
const RESIZE_SETTLE_MS = 150;

export function useCameraSync(mapRef: RefObject<MapRef | null>, mapReady: boolean, view: LiveMapState, bounds: [LngLat, LngLat] | null) {
  const dispatch = useAppDispatch();
  const store = useStore<{ liveMap: LiveMapState }>();

  const fitOnFirstPositions = useRef(view.center === null);
  /** The camera still shows the last fit: a resize fits again. */
  const showsFit = useRef(false);
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
    if (isSameView(camera, { center, zoom })) return;
    showsFit.current = false;
    map.jumpTo({ center, zoom });
  }, [mapRef, mapReady, center, zoom]);

  // The first positions: show them all.
  useEffect(() => {
    const map = mapRef.current;
    if (!mapReady || !map || !bounds || !fitOnFirstPositions.current) return;
    fitOnFirstPositions.current = false;
    // A taxi picked before the map had loaded: the map stays on it.
    if (store.getState().liveMap.selectedShiftId !== null) return;
    showsFit.current = true;
    map.fitBounds(bounds, { ...FIT_OPTIONS, duration: 0 });
  }, [mapRef, mapReady, bounds, store]);

  // "Ver todos". Only a newer request fits: scrubbing DevTools back must not.
  const { fitRequestId } = view;
  useEffect(() => {
    const map = mapRef.current;
    if (!mapReady || !map) return;
    if (fitRequestId > lastFitRequest.current && latestBounds.current) {
      showsFit.current = true;
      map.fitBounds(latestBounds.current, FIT_OPTIONS);
    }
    lastFitRequest.current = fitRequestId;
  }, [mapRef, mapReady, fitRequestId]);

  // The container changed size: MapLibre resizes the canvas; we fit again if the view was a fit.
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!mapReady || !map) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (showsFit.current && latestBounds.current) map.fitBounds(latestBounds.current, { ...FIT_OPTIONS, duration: 0 });
      }, RESIZE_SETTLE_MS);
    };
    map.on('resize', onResize);
    return () => {
      clearTimeout(timer);
      map.off('resize', onResize);
    };
  }, [mapRef, mapReady]);

  const writeView = useCallback(
    (moved: { center: LngLat; zoom: number }) => {
      const stored = store.getState().liveMap;
      if (!stored.center || !isSameView(moved, { center: stored.center, zoom: stored.zoom })) dispatch(viewChanged(moved));
    },
    [dispatch, store],
  );

  // "Seguir" ended: the camera is wherever following left it; the store learns it once.
  const { following } = view;
  const wasFollowing = useRef(following);
  useEffect(() => {
    const map = mapRef.current;
    if (wasFollowing.current && !following && map) {
      const { lng, lat } = map.getCenter();
      writeView({ center: [lng, lat], zoom: map.getZoom() });
    }
    wasFollowing.current = following;
  }, [mapRef, following, writeView]);

  const onMoveEnd = useCallback(
    (event: ViewStateChangeEvent) => {
      if (event.originalEvent) showsFit.current = false;
      if (store.getState().liveMap.following && !event.originalEvent) return;
      const { longitude, latitude, zoom: movedZoom } = event.viewState;
      writeView({ center: [longitude, latitude], zoom: movedZoom });
    },
    [store, writeView],
  );

  /** Keeps the followed taxi centred, frame by frame, without writing the store. */
  const followMoved = useCallback(
    (position: LngLat) => {
      mapRef.current?.jumpTo({ center: position });
    },
    [mapRef],
  );

  return { onMoveEnd, followMoved };
}
