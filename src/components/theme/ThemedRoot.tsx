import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectColorScheme, systemColorSchemeChanged, type ThemeState } from './themeSlice';

/**
 * The app's root element (class flota-app scopes every style), with data-theme set to the scheme
 * in use; it follows the system's light/dark setting while it changes.
 */
export function ThemedRoot({ children }: { children: ReactNode }) {
  const dispatch = useDispatch();
  const scheme = useSelector((state: { theme: ThemeState }) => selectColorScheme(state));

  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    // The store starts with the system's scheme of the moment (makeStore); this follows changes.
    const follow = () => dispatch(systemColorSchemeChanged(query.matches ? 'dark' : 'light'));
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [dispatch]);

  return (
    <div className="flota-app" data-theme={scheme}>
      {children}
    </div>
  );
}
