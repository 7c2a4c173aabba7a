/**
 * A CPU profile of this process's main thread (where a bench's in-process server answers HTTP),
 * through node:inspector, for benchmarks asked "where does the server's time go": start, stop,
 * write the .cpuprofile (open it in Chrome DevTools' Performance panel or VS Code) and print the
 * functions with the most self time, then the packages and files they belong to.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { profileMs, selfTimeBy, type Profile } from './cpuProfileSummary';


export interface ServerProfiler {
  /** Stops, writes `file`, and prints the `top` functions by self time and where they live. */
  stop(file: string, top?: number): Promise<void>;
}

function post<T>(session: Session, method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
}

export async function startServerProfile(): Promise<ServerProfiler> {
  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 500 });
  await post(session, 'Profiler.start');
  return {
    async stop(file, top = 25) {
      const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
      printTop(profile, top);
    },
  };
}

/** node_modules/<package> or the repo file a frame belongs to, "(native)" when it has no file. */
function ownerOf(url: string): string {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

export function printTop(profile: Profile, top: number): void {
  const totalMs = profileMs(profile);
  const byFunction = selfTimeBy(profile, ({ functionName, url, lineNumber }) => `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`.trim());
  const byOwner = selfTimeBy(profile, ({ url }) => ownerOf(url));
  const print = (title: string, map: Map<string, number>, count: number) => {
    console.log(`  ${title}:`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(`    ${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${name}`);
    }
  };
  console.log(`  Perfil de CPU del hilo principal durante ${totalMs.toFixed(0)} ms`);
  print('tiempo propio por función', byFunction, top);
  print('por paquete o archivo', byOwner, 15);
}
