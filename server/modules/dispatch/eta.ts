/**
 * Time to the pickup. Without a routing engine: the straight line × the city's detour factor at the
 * city's average speed (settings.ts). With ROUTING_URL: OSRM's `table` service, one request
 * for every candidate (sources = the taxis, destination = the pickup), its road durations in
 * seconds; when it fails, is slow or answers anything but code "Ok", the straight line again.
 */
import type { DispatchConfig } from './settings';

export interface EtaOrigin {
  latitude: number;
  longitude: number;
  distanceM: number;
}

export interface Eta {
  etaS: number;
  source: 'linea_recta' | 'rutas';
}

/** OSRM answers within this or the straight line is used. */
export const ROUTING_TIMEOUT_MS = 1500;

export function straightLineEta(distanceM: number, config: Pick<DispatchConfig, 'detourFactor' | 'citySpeedKmh'>): number {
  return Math.round((distanceM * config.detourFactor) / (config.citySpeedKmh / 3.6));
}

interface OsrmTable {
  code?: string;
  durations?: (number | null)[][];
}

async function osrmDurations(routingUrl: string, origins: EtaOrigin[], pickup: { latitude: number; longitude: number }): Promise<(number | null)[] | null> {
  const coordinates = [pickup, ...origins].map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`).join(';');
  const sources = origins.map((_o, i) => i + 1).join(';');
  const url = `${routingUrl}/table/v1/driving/${coordinates}?sources=${sources}&destinations=0&annotations=duration`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS) });
    if (!response.ok) return null;
    const body = (await response.json()) as OsrmTable;
    if (body.code !== 'Ok' || !Array.isArray(body.durations) || body.durations.length !== origins.length) return null;
    return body.durations.map((row) => (Array.isArray(row) && typeof row[0] === 'number' && Number.isFinite(row[0]) ? row[0] : null));
  } catch {
    return null;
  }
}

/** Every origin's straight-line estimate (no routing engine). */
export function straightLineEtas(origins: EtaOrigin[], config: Pick<DispatchConfig, 'detourFactor' | 'citySpeedKmh'>): Eta[] {
  return origins.map((o): Eta => ({ etaS: straightLineEta(o.distanceM, config), source: 'linea_recta' }));
}

export async function estimateEtas(
  origins: EtaOrigin[],
  pickup: { latitude: number; longitude: number },
  config: Pick<DispatchConfig, 'detourFactor' | 'citySpeedKmh' | 'routingUrl'>,
): Promise<Eta[]> {
  const straight = straightLineEtas(origins, config);
  if (!config.routingUrl || !origins.length) return straight;
  const road = await osrmDurations(config.routingUrl, origins, pickup);
  if (!road) return straight;
  return road.map((seconds, i) => (seconds === null ? straight[i] : { etaS: Math.round(seconds), source: 'rutas' }));
}
