/** How the replay writes durations, distances and speeds (es-CL: a decimal comma). */
import { formatShortDuration } from '../../../../contract/duration';

const oneDecimal = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });

/** A stop's length on its map label: "45 s", "12 min", "1 h 05 min" (the one short-span format). */
export const formatStopDuration = formatShortDuration;

export const formatKm = (km: number): string => `${oneDecimal.format(km)} km`;
export const formatKmh = (kmh: number): string => `${whole.format(kmh)} km/h`;
