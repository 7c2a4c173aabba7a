/** The runtime config, in the store so every screen (and DevTools) sees the same one. Set once at mount. */
import { createSlice } from '@reduxjs/toolkit';
import { defaultConfig, type RuntimeConfig } from './config';

const configSlice = createSlice({
  name: 'config',
  initialState: defaultConfig as RuntimeConfig,
  reducers: {},
});

export const configReducer = configSlice.reducer;
