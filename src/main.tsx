/** Standalone entry: reads config.json (written by the server from env) and mounts into #root. */
import type { RuntimeConfig } from './app/config';
import { mountFlota } from './app/mount';

async function loadRuntimeConfig(): Promise<Partial<RuntimeConfig>> {
  try {
    const response = await fetch(new URL('config.json', document.baseURI), { cache: 'no-store' });
    return response.ok ? ((await response.json()) as Partial<RuntimeConfig>) : {};
  } catch {
    return {};
  }
}

void loadRuntimeConfig().then((config) => {
  const root = document.getElementById('root');
  if (root) mountFlota(root, config);
});
