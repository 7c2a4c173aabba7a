/** `npm start`: builds the SPA when dist/ has no index.html, then runs the server. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createBuildProgress } from './tools/buildProgress';
import { loadConfig } from './platform/config';
import { main } from './index';

/**
 * webpack with --progress. On a terminal its percentage redraws in place, as is; to a file or a
 * service manager it would be hundreds of lines, so they are read and told in a handful
 * (server/buildProgress.ts). Only errors and warnings instead of the full statistics.
 */
function runWebpack(): Promise<number | null> {
  const args = ['webpack', '--mode', 'production', '--progress', '--stats', 'errors-warnings'];
  const shell = process.platform === 'win32';
  if (process.stdout.isTTY) {
    return new Promise((resolve) => spawn('npx', args, { stdio: 'inherit', shell }).once('exit', resolve));
  }
  const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], shell });
  const progress = createBuildProgress({ write: (line) => console.info(line) });
  const timer = setInterval(() => progress.tick(Date.now()), 1000);
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => progress.line(line, Date.now()));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearInterval(timer);
      resolve(code);
    }),
  );
}

async function buildSpaIfMissing(distDir: string): Promise<void> {
  if (existsSync(path.join(distDir, 'index.html'))) return;
  console.info('Primera partida: compilando la aplicación con webpack (solo esta vez; tarda un par de minutos)...');
  const status = await runWebpack();
  if (status === 0) console.info('Aplicación compilada en dist/; las próximas partidas la reutilizan.');
  else console.error('La compilación de la aplicación falló; el servidor sigue, solo con la API.');
}

buildSpaIfMissing(loadConfig().distDir)
  .then(() => main())
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
