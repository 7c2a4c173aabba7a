import { ageText } from '../state/taxiStatus';
import { useSecondClock } from '../../../hooks/useSecondClock';

/** "hace 12 s" since the taxi's last position, ticking every second. */
export function UpdateAge({ time }: { time: string | null }) {
  const now = useSecondClock();
  return <>{ageText(time, now)}</>;
}
