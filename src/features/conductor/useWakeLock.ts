/**
 * Keeps the screen on while the shift runs (Screen Wake Lock API, where the browser has it). The
 * browser drops the lock when the page is hidden; it is asked again when the page shows.
 */
import { useEffect, useState } from 'react';

export type WakeLockState = 'unsupported' | 'on' | 'off';

export function useWakeLock(active: boolean): WakeLockState {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [state, setState] = useState<WakeLockState>(supported ? 'off' : 'unsupported');

  useEffect(() => {
    if (!active || !supported) return undefined;
    let sentinel: WakeLockSentinel | null = null;
    let cancelled = false;
    const acquire = async () => {
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (cancelled) return void lock.release();
        sentinel = lock;
        setState('on');
        lock.addEventListener('release', () => setState('off'));
      } catch {
        // Battery saver or a hidden page: the note asks the driver to keep the screen on.
        setState('off');
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void acquire();
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
    };
  }, [active, supported]);

  return state;
}
