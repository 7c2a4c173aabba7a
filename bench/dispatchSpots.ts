/** Where `npm run bench -- dispatch` puts taxi i on round r: spread over ~20 × 20 km around Santiago's centre, moving back and forth ~2 m each round (no drift: a pickup at a taxi's round-0 spot keeps it the nearest). */
export const DISPATCH_CENTER = { latitude: -33.45, longitude: -70.65 };

export function spot(i: number, round: number, taxis: number) {
  const angle = (i * 2.399963) % (2 * Math.PI);
  const radius = 0.09 * Math.sqrt((i + 1) / taxis);
  return { latitude: DISPATCH_CENTER.latitude + radius * Math.sin(angle) + (round % 2) * 0.00002, longitude: DISPATCH_CENTER.longitude + radius * Math.cos(angle) };
}
