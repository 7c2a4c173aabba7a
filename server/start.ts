/** `npm start`: builds the SPA when dist/ has no index.html, then runs the server. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './platform/config';
import { main } from './index';

function buildSpaIfMissing(distDir: string): void {
  if (existsSync(path.join(distDir, 'index.html'))) return;
  console.info('Primera partida: compilando la aplicación con webpack (solo esta vez; tarda un par de minutos)...');
  // --progress shows a percentage as it goes; only errors and warnings instead of the full statistics.
  const result = spawnSync('npx', ['webpack', '--mode', 'production', '--progress', '--stats', 'errors-warnings'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status === 0) console.info('Aplicación compilada en dist/; las próximas partidas la reutilizan.');
  if (result.status !== 0) {
    console.error('La compilación de la aplicación falló; el servidor sigue, solo con la API.');
  }
}

try {
  buildSpaIfMissing(loadConfig().distDir);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
