/**
 * The map view, in the store so that DevTools time-travel moves the map: centre and zoom (written
 * on moveend), the selected taxi, and requests to fit all taxis. All plain data.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type LngLat = [longitude: number, latitude: number];

export interface LiveMapState {
  /** null until the map first settles (then the map's own starting view applies). */
  center: LngLat | null;
  zoom: number;
  selectedShiftId: number | null;
  /** Incremented to ask the map to fit all positions. */
  fitRequestId: number;
  showTrail: boolean;
  /** "Seguir": the map keeps the selected taxi centred. */
  following: boolean;
}

export const INITIAL_ZOOM = 13;

const initialState: LiveMapState = { center: null, zoom: INITIAL_ZOOM, selectedShiftId: null, fitRequestId: 0, showTrail: false, following: false };

const liveMapSlice = createSlice({
  name: 'liveMap',
  initialState,
  reducers: {
    /** The map screen mounted: the socket middleware connects. */
    opened() {},
    /** The map screen unmounted: the socket middleware disconnects. */
    closed() {},
    viewChanged(state, { payload }: PayloadAction<{ center: LngLat; zoom: number }>) {
      state.center = payload.center;
      state.zoom = payload.zoom;
    },
    /** A taxi was picked on the map or in the list; the map centres on it when it has a position. */
    shiftSelected(state, { payload }: PayloadAction<{ shiftId: number; position: LngLat | null }>) {
      state.selectedShiftId = payload.shiftId;
      if (payload.position) state.center = payload.position;
    },
    popupClosed(state) {
      state.selectedShiftId = null;
      state.following = false;
    },
    followToggled(state) {
      state.following = state.selectedShiftId !== null && !state.following;
    },
    /** The dispatcher moved the map by hand: that ends "Seguir". */
    followStopped(state) {
      state.following = false;
    },
    fitRequested(state) {
      state.fitRequestId += 1;
    },
    trailToggled(state) {
      state.showTrail = !state.showTrail;
    },
  },
});

export const {
  opened: liveMapOpened,
  closed: liveMapClosed,
  viewChanged,
  shiftSelected,
  popupClosed,
  fitRequested,
  trailToggled,
  followToggled,
  followStopped,
} = liveMapSlice.actions;
export const liveMapReducer = liveMapSlice.reducer;

type WithLiveMap = { liveMap: LiveMapState };
export const selectLiveMap = (state: WithLiveMap) => state.liveMap;
export const selectSelectedShiftId = (state: WithLiveMap) => state.liveMap.selectedShiftId;
