import { combineSlices } from '@reduxjs/toolkit';
import { notificationsReducer } from '../components/notifications/notificationsSlice';
import { authReducer } from '../features/auth';
import type { ConductorState } from '../features/conductor';
import { activeShiftsReducer, liveMapReducer } from '../features/liveMap';
import { api } from './api';
import { configReducer } from './configSlice';
import { themeReducer } from '../components/theme/themeSlice';

/** Slices added when their screen first loads (app/ConductorRoute.tsx): the desk's first screen never downloads them. */
export interface LazyLoadedSlices {
  conductor: ConductorState;
}

export const rootReducer = combineSlices(
  {
    config: configReducer,
    auth: authReducer,
    notifications: notificationsReducer,
    theme: themeReducer,
    activeShifts: activeShiftsReducer,
    liveMap: liveMapReducer,
  },
  api,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
