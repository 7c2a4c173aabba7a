/**
 * The load generator of `npm run bench -- ingest`, run as its own process (so its CPU is not the
 * server's nor the bench's): autocannon against one route for a while, one point per request, each
 * request from the next of thousands of drivers (its own token; for `osmand`, its device
 * identifier, sent as Traccar Client does: POST with the point in the query), timestamped when built.
 * Prints one JSON line: rate, latency percentiles, errors.
 * Usage: tsx bench/ingestLoad.ts <config.json>
 */
import { readFileSync } from 'node:fs';
import { autocannon, percentile } from './autocannon';

export interface LoadConfig {
  url: string;
  path: string;
  /** 'driver' (default): JSON batches with a bearer token. 'osmand': the OsmAnd query form. */
  protocol?: 'driver' | 'osmand';
  /** Tokens, or device identifiers for 'osmand', one per driver. */
  tokensFile: string;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  ok: number;
  errors: number;
}


function main() {
  const config = JSON.parse(readFileSync(process.argv[2], 'utf8')) as LoadConfig;
  const tokens = JSON.parse(readFileSync(config.tokensFile, 'utf8')) as string[];
  let next = 0;
  const latencies: number[] = [];
  let ok = 0;
  const started = Date.now();
  const instance = autocannon(
    {
      url: config.url,
      connections: config.connections,
      duration: config.durationSeconds,
      requests: [
        {
          method: 'POST',
          path: config.path,
          setupRequest: (request: Record<string, unknown>) => {
            const token = tokens[next++ % tokens.length];
            const jitter = (next % 1000) / 100_000;
            if (config.protocol === 'osmand') {
              const query = new URLSearchParams({ id: token, lat: String(-33.45 + jitter), lon: String(-70.66 - jitter), timestamp: new Date().toISOString() });
              return { ...request, path: `${config.path}?${query}`, headers: {} };
            }
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ locations: [{ latitude: -33.45 + jitter, longitude: -70.66 - jitter, timestamp: new Date().toISOString() }] }),
            };
          },
        },
      ],
    },
    (error, result) => {
      if (error) throw error;
      const seconds = (Date.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const summary: LoadResult = {
        rate: ok / seconds,
        p50: Math.round(percentile(latencies, 50)),
        p95: Math.round(percentile(latencies, 95)),
        p99: Math.round(percentile(latencies, 99)),
        ok,
        errors: result.errors + result.timeouts + result.non2xx,
      };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    },
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode >= 200 && statusCode < 300) ok++;
  });
}

main();
