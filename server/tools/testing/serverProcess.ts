/**
 * The real server as its own OS process (tsx server/index.ts), for durability tests, the chaos
 * script and benchmarks: started with an environment, ready once it prints "Flota lista en", and
 * stopped gently (SIGTERM) or killed (SIGKILL) like a crash.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { copyDataTemplate } from './dataFolderTemplate';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed (for a failure message). */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ServerProcessOptions {
  /** The source tree to run (default: this one); a baseline worktree for benchmarks. */
  root?: string;
  port: number;
  env: Record<string, string>;
  readyTimeoutMs?: number;
  /** Extra node flags before the script (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /**
   * Start on an empty DATA_DIR as it is (initdb and every migration, as a real first start does)
   * instead of a copy of the run's data folder template (dataFolderTemplate.ts).
   */
  freshDataFolder?: boolean;
}

export function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const root = options.root ?? path.resolve(__dirname, '../../..');
  // An embedded database in a new data folder starts from the run's migrated copy (a folder that
  // already has one, as on a restart, is left as it is; outside the test runners there is no copy).
  const dataDir = options.env.DATA_DIR;
  if (dataDir && !options.env.DATABASE_URL && !options.freshDataFolder) copyDataTemplate(dataDir);
  // node --require tsx/cjs, not the tsx CLI: the CLI runs the server in a child process, which a
  // SIGKILL of the CLI would leave running.
  const loader = path.join(root, 'node_modules/tsx/dist/cjs/index.cjs');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--require', loader, path.join(root, 'server/index.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      DIST_DIR: '/nonexistent-flota-dist',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    url: `http://127.0.0.1:${options.port}`,
    child,
    output: () => printed,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${options.readyTimeoutMs ?? 60_000} ms:\n${printed}`));
    }, options.readyTimeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      // Only the tail: a server logging every request under load prints megabytes.
      printed = (printed + chunk.toString()).slice(-20_000);
      if (printed.includes('Flota lista en')) {
        clearTimeout(timer);
        resolve(server);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${printed}`));
    });
  });
}

/** A port nobody listens on now (asked of the system, not picked by hand). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
