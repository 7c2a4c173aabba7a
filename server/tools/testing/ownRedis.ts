/**
 * Debian's redis-server as a child of a test or a bench (no persistence, loopback only, a free
 * port unless one is given): the Redis Streams adapter's tests, the three-process journey and
 * `npm run bench -- fanout`. Fails with what to install when redis-server is missing (.ci/run
 * installs it).
 */
import { spawn } from 'node:child_process';
import { freePort } from './serverProcess';

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
}

export async function startOwnRedis(port?: number): Promise<OwnRedis> {
  const chosen = port ?? (await freePort());
  const child = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`redis-server no arrancó (${error.message}): apt-get install -y redis-server`)));
    child.once('exit', (code) => reject(new Error(`redis-server terminó (${code}) antes de estar listo:\n${printed}`)));
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
  return {
    url: `redis://127.0.0.1:${chosen}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
