/** Standalone entry: reads config.json (written by the server from env) and mounts into #root. */
import type { RuntimeConfig } from './app/config';
import { mountFlota } from './app/mount';

/**
 * config.json sits next to index.html, one folder above this script (assets/). Resolving it from
 * the page's address instead would ask /dashboard/config.json after a reload on a client route.
 */
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src ?? document.baseURI;
const CONFIG_URL = new URL('../config.json', scriptUrl);

async function loadRuntimeConfig(): Promise<Partial<RuntimeConfig>> {
  try {
    const response = await fetch(CONFIG_URL, { cache: 'no-store' });
    return response.ok ? ((await response.json()) as Partial<RuntimeConfig>) : {};
  } catch {
    return {};
  }
}

void loadRuntimeConfig().then((config) => {
  const root = document.getElementById('root');
  if (root) mountFlota(root, { documentTitle: true, ...config }); // the standalone page owns its tab's title
});
