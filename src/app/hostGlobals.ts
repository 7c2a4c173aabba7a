/**
 * Imported first by the embed entry, before any library: remembers which globals the host page
 * had, so the entry can take back those a library sets while loading (React Router announces
 * itself as window.__reactRouterVersion). The embed's only global is then `Flota`.
 */
const hostGlobals = new Set(Object.getOwnPropertyNames(window));

/** Deletes the window properties that appeared since this module loaded; returns their names. */
export function removeGlobalsAddedSinceLoad(): string[] {
  const added = Object.getOwnPropertyNames(window).filter((name) => !hostGlobals.has(name));
  added.forEach((name) => delete (window as unknown as Record<string, unknown>)[name]);
  return added;
}
