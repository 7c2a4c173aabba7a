import { useEffect, useState } from 'react';
import { usePageVisible } from './usePageVisible';

/**
 * The current time (epoch ms), renewed every `intervalMs` by itself: a counter on screen ("esperando
 * respuesta · 14 s", "sin señal", "hace 5 min") moves with no event from the server. Paused while the
 * tab is hidden and renewed at once when it is shown again; `active: false` stops it (nothing shown
 * needs the time).
 */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  const visible = usePageVisible();
  useEffect(() => {
    if (!visible || !active) return;
    const renew = () => setNow(Date.now());
    const catchUp = setTimeout(renew, 0);
    const timer = setInterval(renew, intervalMs);
    return () => {
      clearTimeout(catchUp);
      clearInterval(timer);
    };
  }, [intervalMs, visible, active]);
  return now;
}
