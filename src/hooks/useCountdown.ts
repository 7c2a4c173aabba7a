import { useNow } from './useNow';

/** Whole seconds left until `deadline` (epoch ms on this device), renewed four times a second; 0 once it has passed. */
export function useCountdown(deadline: number | null): number {
  const now = useNow(250, deadline !== null);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}
