/** How the phone says distances and estimates: "1,2 km", "4 min". */
const km = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export function distanceText(meters: number | null | undefined): string {
  if (meters === null || meters === undefined) return '';
  return meters < 1000 ? `${Math.round(meters)} m` : `${km.format(meters / 1000)} km`;
}

export function etaText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  return `${Math.max(1, Math.round(seconds / 60))} min`;
}
