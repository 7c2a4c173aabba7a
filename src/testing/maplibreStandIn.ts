/** MapLibre cannot run in jsdom (no WebGL): Jest maps `maplibre-gl` here. The real map is tested in Chromium. */
let workerUrl = '';

export function setWorkerUrl(url: string): void {
  workerUrl = url;
}

export function getWorkerUrl(): string {
  return workerUrl;
}

/** Custom protocols (pmtiles://) by name: the stand-in draws no tiles, so they are only remembered. */
export const protocols = new Map<string, unknown>();

export function addProtocol(name: string, handler: unknown): void {
  protocols.set(name, handler);
}
