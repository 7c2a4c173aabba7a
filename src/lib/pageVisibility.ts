/**
 * Whether the tab is shown. A hidden tab does no map or clock work (the browser already throttles
 * its timers; this stops the work they would still do) and catches up when it is shown again.
 */
import { useSyncExternalStore } from 'react';

function subscribe(notify: () => void) {
  document.addEventListener('visibilitychange', notify);
  return () => document.removeEventListener('visibilitychange', notify);
}

export const isPageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, isPageVisible, () => true);
}
