import { useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (epoch ms on this device), renewed four times a second; 0 once it has passed. */
export function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return undefined;
    const renew = () => setNow(Date.now());
    const catchUp = setTimeout(renew, 0);
    const timer = setInterval(renew, 250);
    return () => {
      clearTimeout(catchUp);
      clearInterval(timer);
    };
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}
