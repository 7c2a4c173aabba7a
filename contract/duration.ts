/** The spec's shift duration, as the screens and the CSV export show it: "En curso" or "Xh Ym". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return 'En curso';
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 3600)}h ${Math.floor((total % 3600) / 60)}m`;
}
