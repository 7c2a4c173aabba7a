/**
 * Seguimiento's words and paths, without zod: the passenger's page (its own small bundle) imports
 * these and only types from contract/tracking.ts.
 */

/** What the passenger reads: never the desk's nine statuses. */
export const TRACKING_STATES = ['buscando', 'en_camino', 'llego', 'a_bordo', 'finalizado', 'cancelado'] as const;
export type TrackingStateName = (typeof TRACKING_STATES)[number];

export const trackingStateLabels: Record<TrackingStateName, string> = {
  buscando: 'Buscando taxi',
  en_camino: 'En camino',
  llego: 'Llegó',
  a_bordo: 'A bordo',
  finalizado: 'Finalizado',
  cancelado: 'Cancelado',
};

/** The one answer to an unknown, expired or revoked token (same status, same body). */
export const TRACKING_GONE_MESSAGE = 'Este viaje terminó';

/** The page's path for a token. */
export const trackingPath = (token: string) => `/seguimiento/${token}`;

/** The Spanish text the desk shares (WhatsApp, SMS). */
export function trackingShareText(fleetName: string, url: string): string {
  return `${fleetName}: su taxi va en camino. Siga su llegada aquí: ${url}`;
}
