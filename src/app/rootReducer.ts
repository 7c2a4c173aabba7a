import { combineReducers } from '@reduxjs/toolkit';
import { notificationsReducer } from '../components/notifications/notificationsSlice';
import { authReducer } from '../features/auth/authSlice';
import { api } from './api';
import { configReducer } from './configSlice';

export const rootReducer = combineReducers({
  config: configReducer,
  auth: authReducer,
  notifications: notificationsReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
