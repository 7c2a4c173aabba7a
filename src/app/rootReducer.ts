import { combineReducers } from '@reduxjs/toolkit';
import { notificationsReducer } from '../components/notifications/notificationsSlice';
import { authReducer } from '../features/auth/authSlice';
import { activeShiftsReducer } from '../features/liveMap/state/activeShiftsSlice';
import { liveMapReducer } from '../features/liveMap/state/liveMapSlice';
import { api } from './api';
import { configReducer } from './configSlice';
import { themeReducer } from '../components/theme/themeSlice';

export const rootReducer = combineReducers({
  config: configReducer,
  auth: authReducer,
  notifications: notificationsReducer,
  theme: themeReducer,
  activeShifts: activeShiftsReducer,
  liveMap: liveMapReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
