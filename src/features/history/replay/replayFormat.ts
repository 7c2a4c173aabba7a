/** How the replay writes durations, distances and speeds (es-CL: a decimal comma). */
const oneDecimal = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });

/** A stop's length on its map label: "45 s", "12 min", "1 h 05 min". */
export function formatStopDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export const formatKm = (km: number): string => `${oneDecimal.format(km)} km`;
export const formatKmh = (kmh: number): string => `${whole.format(kmh)} km/h`;
