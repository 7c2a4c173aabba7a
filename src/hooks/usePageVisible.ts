import { useSyncExternalStore } from 'react';
import { isPageVisible, onPageVisibilityChange } from '../lib/pageVisibility';

/** Whether the tab is shown, re-rendering when that changes. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(onPageVisibilityChange, isPageVisible, () => true);
}
