/**
 * The colour theme: what the signed-in user chose (Claro, Oscuro or Sistema) and what the system
 * prefers, so the resolved scheme is plain state (DevTools shows it; the maps dim their tiles by it).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ColorScheme = 'light' | 'dark';
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export interface ThemeState {
  preference: ThemePreference;
  system: ColorScheme;
}

export function isThemePreference(value: unknown): value is ThemePreference {
  return THEME_PREFERENCES.includes(value as ThemePreference);
}

/** What the browser prefers now (light where it cannot tell: jsdom, old browsers). */
export function systemColorScheme(): ColorScheme {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: { preference: 'system', system: 'light' } as ThemeState,
  reducers: {
    /** The user picked a theme in the top bar. */
    themeChosen(state, action: PayloadAction<ThemePreference>) {
      state.preference = action.payload;
    },
    /** A user's stored choice was read back on sign-in (Sistema again on sign-out). */
    themeRestored(state, action: PayloadAction<ThemePreference>) {
      state.preference = action.payload;
    },
    systemColorSchemeChanged(state, action: PayloadAction<ColorScheme>) {
      state.system = action.payload;
    },
  },
});

export const { themeChosen, themeRestored, systemColorSchemeChanged } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

export const selectThemePreference = (state: { theme: ThemeState }) => state.theme.preference;
/** The scheme the app is drawn in. */
export const selectColorScheme = (state: { theme: ThemeState }): ColorScheme => (state.theme.preference === 'system' ? state.theme.system : state.theme.preference);
