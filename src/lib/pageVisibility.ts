/**
 * Whether the tab is shown. A hidden tab does no map or clock work (the browser already throttles
 * its timers; this stops the work they would still do) and catches up when it is shown again. The
 * hook is src/hooks/usePageVisible.ts.
 */
export const isPageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Calls `notify` whenever the tab is shown or hidden; returns the unsubscribe. */
export function onPageVisibilityChange(notify: () => void): () => void {
  document.addEventListener('visibilitychange', notify);
  return () => document.removeEventListener('visibilitychange', notify);
}
