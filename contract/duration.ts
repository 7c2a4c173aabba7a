/** The spec's shift duration, as the screens and the CSV export show it: "En curso" or "Xh Ym". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return 'En curso';
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 3600)}h ${Math.floor((total % 3600) / 60)}m`;
}

/** A short span as the screens write it (a stop on the replay, how old a position is): "45 s", "12 min", "1 h 05 min". */
export function formatShortDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
