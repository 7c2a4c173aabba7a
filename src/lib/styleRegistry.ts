/**
 * The embed bundle's stylesheets. In the embed build every CSS import registers its text here
 * (webpack/registerStyleLoader.cjs) instead of adding a <link> to the host's <head>; each mounted
 * app renders them inside its own container, so unmounting takes them away. Lazy chunks (the map)
 * register theirs when they load, and mounted apps pick them up. The standalone build extracts CSS
 * to files instead, and nothing registers here.
 */
let sheets: readonly string[] = [];
const listeners = new Set<() => void>();

export function registerStyle(css: string): void {
  sheets = [...sheets, css];
  listeners.forEach((listener) => listener());
}

/** The registered stylesheets, oldest first (a new array after each registration). */
export function registeredStyles(): readonly string[] {
  return sheets;
}

export function subscribeToStyles(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
