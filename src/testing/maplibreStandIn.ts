/** MapLibre cannot run in jsdom (no WebGL): Jest maps `maplibre-gl` here. The real map is tested in Chromium. */
let workerUrl = '';

export function setWorkerUrl(url: string): void {
  workerUrl = url;
}

export function getWorkerUrl(): string {
  return workerUrl;
}
