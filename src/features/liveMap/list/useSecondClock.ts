/**
 * One clock ticking every second for every "hace N s" on the screen: one interval however many
 * entries show an age, and it runs only while one is mounted.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function useSecondClock(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
