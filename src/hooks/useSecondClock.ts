/**
 * One clock ticking every second for every "hace N s" on the screen: one interval however many
 * entries show an age (the virtual list mounts only the rows in view), it runs only while one is
 * mounted, and not at all while the tab is hidden: it jumps to the right time when shown again.
 */
import { useSyncExternalStore } from 'react';
import { isPageVisible } from '../lib/pageVisibility';

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function tick() {
  now = Date.now();
  listeners.forEach((notify) => notify());
}

function start() {
  if (timer || !isPageVisible()) return;
  tick();
  timer = setInterval(tick, 1000);
}

function stop() {
  if (timer) clearInterval(timer);
  timer = null;
}

const onVisibilityChange = () => (isPageVisible() ? start() : stop());

function subscribe(listener: () => void) {
  if (listeners.size === 0) document.addEventListener('visibilitychange', onVisibilityChange);
  listeners.add(listener);
  now = Date.now();
  start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
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
