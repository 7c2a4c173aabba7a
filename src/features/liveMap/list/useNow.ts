import { useEffect, useState } from 'react';
import { usePageVisible } from '../../../lib/pageVisibility';

/**
 * The current time (epoch ms), renewed every `intervalMs`: enough for "sin señal" to appear on its
 * own. Paused while the tab is hidden; renewed at once when it is shown again.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  const visible = usePageVisible();
  useEffect(() => {
    if (!visible) return;
    const renew = () => setNow(Date.now());
    const catchUp = setTimeout(renew, 0);
    const timer = setInterval(renew, intervalMs);
    return () => {
      clearTimeout(catchUp);
      clearInterval(timer);
    };
  }, [intervalMs, visible]);
  return now;
}
