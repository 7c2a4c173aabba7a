/**
 * Debian's nginx running deploy/nginx/flota.conf for a test: its own prefix (config, pid, logs,
 * temp paths) in a throwaway folder, loopback ports, a self-signed certificate for the TLS server,
 * and, when the test runs as root, as the unprivileged `nobody`. Stops by itself with stop().
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningNginx {
  httpUrl: string;
  httpsUrl: string;
  /** nginx's own error log, for a failing test's message. */
  errors(): string;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '..', '..');
const NOBODY = { uid: 65534, gid: 65534 };
/** Debian's package puts it in /usr/sbin, which a non-root PATH may lack. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/**
 * The example files with the test's addresses: Flota's port, loopback listeners, the certificate,
 * and `proxy_bind` so nginx reaches Flota from another address (127.0.0.4) than the browser's
 * (127.0.0.1), as a proxy on its own machine would: only X-Forwarded-For carries the client's.
 */
function renderConfig(prefix: string, ports: NginxPorts): void {
  // The upstream's example processes (8081…) become the test's, with their failure settings.
  const upstream = [ports.flota].flat();
  const example = readFileSync(path.join(root, 'deploy/nginx/flota.conf'), 'utf8');
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/m;
  const [, indent, options = ''] = serverLine.exec(example) ?? [];
  if (indent === undefined) throw new Error('deploy/nginx/flota.conf has no upstream server line');
  const site = example
    .replace(new RegExp(serverLine.source, 'gm'), '')
    .replace(/(\s*)keepalive 16;/, `\n${upstream.map((port) => `${indent}server 127.0.0.1:${port}${options};`).join('\n')}$1keepalive 16;`)
    .replace(/^\s*listen \[::\].*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${prefix}/cert.pem;`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${prefix}/key.pem;`)
    .replaceAll('/etc/nginx/snippets/flota-proxy.conf', `${prefix}/flota-proxy.conf`);
  const proxy = readFileSync(path.join(root, 'deploy/nginx/flota-proxy.conf'), 'utf8').replace('proxy_pass http://flota;', 'proxy_pass http://flota;\n    proxy_bind 127.0.0.4;');
  writeFileSync(path.join(prefix, 'flota.conf'), site);
  writeFileSync(path.join(prefix, 'flota-proxy.conf'), proxy);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${prefix}/temp/${name};`).join('\n');
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log ${prefix}/access.log;
${temp}
  include ${prefix}/flota.conf;
}
`,
  );
}

function chownTree(dir: string): void {
  chownSync(dir, NOBODY.uid, NOBODY.gid);
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) chownTree(full);
    else chownSync(full, NOBODY.uid, NOBODY.gid);
  }
}

async function waitForPort(url: string, child: ChildProcess, errors: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors()}`);
    if (await fetch(url).then(() => true, () => false)) return;
    if (Date.now() > deadline) throw new Error(`nginx did not answer at ${url}: ${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Flota's port (or every process's, for an upstream of several) and nginx's own. */
export interface NginxPorts {
  flota: number | number[];
  http: number;
  https: number;
}

export async function startNginx(ports: NginxPorts): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'flota-nginx-'));
  mkdirSync(path.join(prefix, 'temp'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', `${prefix}/key.pem`, '-out', `${prefix}/cert.pem`], { stdio: 'ignore' });
  renderConfig(prefix, ports);
  const args = ['-p', prefix, '-c', `${prefix}/nginx.conf`, '-e', `${prefix}/error.log`];
  // Never as root: as root, the test hands the folder to `nobody` and starts nginx as that user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownTree(prefix);
  const child = spawn(asRoot ? 'runuser' : NGINX, asRoot ? ['-u', 'nobody', '--', NGINX, ...args] : args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors = () => {
    try {
      return `${stderr}${readFileSync(`${prefix}/error.log`, 'utf8')}`;
    } catch {
      return stderr;
    }
  };
  const httpUrl = `http://127.0.0.1:${ports.http}`;
  await waitForPort(`${httpUrl}/favicon.ico`, child, errors);
  return {
    httpUrl,
    httpsUrl: `https://127.0.0.1:${ports.https}`,
    errors,
    async stop() {
      // The process group (runuser → nginx master → worker), by its id; SIGQUIT is nginx's graceful stop.
      if (child.exitCode === null) {
        process.kill(-(child.pid as number), 'SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
