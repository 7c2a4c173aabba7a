import { combineReducers } from '@reduxjs/toolkit';
import { notificationsReducer } from '../components/notifications/notificationsSlice';
import { authReducer } from '../features/auth';
import { activeShiftsReducer, liveMapReducer } from '../features/liveMap';
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
