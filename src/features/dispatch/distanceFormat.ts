/** "850 m", "1,2 km"; "4 min" (never 0 min). */
const km = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export const distanceText = (meters: number) => (meters < 1000 ? `${Math.round(meters)} m` : `${km.format(meters / 1000)} km`);
export const etaText = (seconds: number) => `${Math.max(1, Math.round(seconds / 60))} min`;
