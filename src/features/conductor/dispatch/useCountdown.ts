import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (an ISO time), renewed four times a second; 0 once it has passed. */
export function useCountdown(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return undefined;
    const renew = () => setNow(Date.now());
    const catchUp = setTimeout(renew, 0);
    const timer = setInterval(renew, 250);
    return () => {
      clearTimeout(catchUp);
      clearInterval(timer);
    };
  }, [until]);
  return until ? Math.max(0, Math.ceil((Date.parse(until) - now) / 1000)) : 0;
}
