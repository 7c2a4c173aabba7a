/**
 * The position stream of `npm run bench -- dispatch`, run as its own process (its CPU is not the
 * server's): every taxi posts its next spot to POST /api/driver/locations once a second, i.e.
 * `rate` = the number of taxis requests a second in all (autocannon's overallRate), each request
 * from the next taxi in turn (its own token), timestamped when built. Runs until SIGTERM, then
 * prints one JSON line: the achieved rate, latency percentiles, errors.
 * Usage: tsx bench/dispatchMover.ts <config.json>
 */
import { readFileSync } from 'node:fs';
import { spot } from './dispatchSpots';
import { autocannon, percentile } from './autocannon';

export interface MoverConfig {
  url: string;
  tokensFile: string;
  /** Requests a second in all (one per taxi per second). */
  rate: number;
  connections: number;
}

export interface MoverResult {
  rate: number;
  ok: number;
  errors: number;
  p50: number;
  p95: number;
  seconds: number;
  /** The mover's own CPU (autocannon is no free load generator on shared cores). */
  cpuCores: number;
}


function main() {
  const config = JSON.parse(readFileSync(process.argv[2], 'utf8')) as MoverConfig;
  const tokens = JSON.parse(readFileSync(config.tokensFile, 'utf8')) as string[];
  let next = 0;
  let ok = 0;
  const latencies: number[] = [];
  const started = Date.now();
  const instance = autocannon(
    {
      url: config.url,
      connections: config.connections,
      overallRate: config.rate,
      duration: 3600,
      requests: [
        {
          method: 'POST',
          path: '/api/driver/locations',
          setupRequest: (request: Record<string, unknown>) => {
            const n = next++;
            const i = n % tokens.length;
            const at = spot(i, 1 + Math.floor(n / tokens.length), tokens.length);
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
              body: JSON.stringify({ locations: [{ ...at, timestamp: new Date().toISOString() }] }),
            };
          },
        },
      ],
    },
    (error, result) => {
      if (error) throw error;
      const seconds = (Date.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const cpu = process.cpuUsage();
      const cpuCores = (cpu.user + cpu.system) / 1e6 / seconds;
      const summary: MoverResult = { rate: ok / seconds, ok, errors: result.errors + result.timeouts + result.non2xx, p50: percentile(latencies, 50), p95: percentile(latencies, 95), seconds, cpuCores };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    },
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode >= 200 && statusCode < 300) ok++;
  });
  process.once('SIGTERM', () => instance.stop());
}

main();
