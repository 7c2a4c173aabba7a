/**
 * Prometheus metrics (prom-client), one registry per server: Node's own (event-loop delay, heap,
 * CPU, handles), and Flota's: ingest rate and latency, sockets, the database pool, background passes
 * and who leads them. A module adds its own gauge to `registry` (the notifications outbox's depth).
 *
 * Off unless METRICS_TOKEN is set: then `GET /metrics` answers with `Authorization: Bearer <token>`
 * (Prometheus' `authorization` setting) and 401 without it; unset, /metrics is a 404 like any
 * unknown path. Every process answers for itself: Prometheus scrapes each one on its own port, never
 * through nginx (which would pick one at random).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LeaderGate } from './leadership';

export const METRICS_PATH = '/metrics';

/** The ingest routes timed by the latency histogram, by the label they get. */
const INGEST_ROUTES: Record<string, string> = { '/api/driver/locations': 'driver', '/osmand': 'osmand' };

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Metrics {
  registry: Registry;
  /** One round of a background pass: how long it took and whether it failed. */
  passRound(label: string, seconds: number, ok: boolean): void;
}

export interface MetricsSources {
  leader: LeaderGate;
  sockets: () => number;
  /** The application's database pool (PostgreSQL), null with the embedded database. */
  pool: () => PoolStats | null;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  new Gauge({
    name: 'flota_background_leader',
    help: '1 when this process runs the background work (advisory lock held; always 1 on the embedded database).',
    registers: [registry],
    collect() {
      this.set(sources.leader.isLeader() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'flota_sockets_connected',
    help: 'socket.io connections open on this process (desks, phones, embeds).',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'flota_db_pool_connections',
    help: "The application's PostgreSQL pool: total, idle, and requests waiting for a connection.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.pool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  const passRounds = new Counter({ name: 'flota_background_pass_rounds_total', help: 'Background pass rounds run on this process, by pass and outcome.', labelNames: ['pass', 'outcome'], registers: [registry] });
  const passSeconds = new Histogram({
    name: 'flota_background_pass_seconds',
    help: 'How long one background pass round took (pauses of its duty cycle included).',
    labelNames: ['pass'],
    buckets: [0.01, 0.1, 1, 10, 60, 600],
    registers: [registry],
  });
  return {
    registry,
    passRound(label, seconds, ok) {
      passRounds.inc({ pass: label, outcome: ok ? 'ok' : 'failed' });
      passSeconds.observe({ pass: label }, seconds);
    },
  };
}

/** Points accepted, ignored and refused since start (the ingest's counters, read at scrape): the positions module adds it. */
export function registerPositionCounts(registry: Registry, counts: () => { accepted: number; ignored: number; refused: number; tooOld: number }): void {
  new Counter({
    name: 'flota_positions_total',
    help: 'Location points received by this process, by outcome (accepted: stored; ignored: duplicates or late; refused: over the rate limit; too_old).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      const now = counts();
      this.reset();
      this.inc({ outcome: 'accepted' }, now.accepted);
      this.inc({ outcome: 'ignored' }, now.ignored);
      this.inc({ outcome: 'refused' }, now.refused);
      this.inc({ outcome: 'too_old' }, now.tooOld);
    },
  });
}

/** Times the ingest routes (the phone's /api/driver/locations, trackers' /osmand) from request to answer. */
export function timeIngest(app: FastifyInstance, metrics: Metrics): void {
  const latency = new Histogram({
    name: 'flota_ingest_request_seconds',
    help: 'Ingest requests from arrival to answer (a 202 means the points are stored), by source and status class.',
    labelNames: ['source', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const source = INGEST_ROUTES[request.routeOptions.url ?? ''];
    if (!source) return;
    latency.observe({ source, status: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
  });
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /metrics behind the token (not under /api: an operator's endpoint, scraped per process). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice('Bearer '.length), token)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.code(401).send({ error: 'Token de métricas inválido' });
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
