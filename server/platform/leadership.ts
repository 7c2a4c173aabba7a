/**
 * Which process runs the background work. Several Flota processes may share one PostgreSQL; the
 * background passes (trail packing, summaries, retention, the outbox, the dispatch sweep's expired
 * offers, trackers' idle shifts...) must run in exactly one of them. PostgreSQL decides: the leader is
 * the process that holds a session-level advisory lock (`pg_try_advisory_lock`) on a connection of
 * its own. When that process dies (even kill -9) its connection ends, PostgreSQL releases the lock,
 * and the next process that asks (every `retryMs`) leads. No broker, no heartbeat table.
 *
 * The leader checks its connection every `retryMs`: a leader that lost it (the database restarted,
 * an admin ended it) stops leading at once, before another process can take the lock. The embedded
 * database is one process: it always leads (soleLeader).
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** What a background pass asks before each round. */
export interface LeaderGate {
  isLeader(): boolean;
  /** Called with true when this process starts leading and false when it stops. */
  onChange(listener: (leading: boolean) => void): () => void;
}

export interface Leadership extends LeaderGate {
  /** Begins asking for the lock (PostgreSQL); resolves after the first attempt. */
  start(): Promise<void>;
  /** Gives the lock back (its connection ends) and stops asking. */
  stop(): Promise<void>;
}

/** The advisory lock's key: one per database, "Flota background work" (any constant bigint would do). */
export const LEADER_LOCK_KEY = 7_246_011_937;

/** How often a follower asks for the lock and a leader checks its connection: the takeover's delay. */
export const LEADER_RETRY_MS = 2000;

/** The embedded database's one process, and tests' servers: always the leader. */
export function soleLeader(): Leadership {
  return {
    isLeader: () => true,
    onChange: () => () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
  };
}

export interface AdvisoryLeadershipOptions {
  databaseUrl: string;
  log: FastifyBaseLogger;
  retryMs?: number;
  key?: number;
}

export function advisoryLeadership({ databaseUrl, log, retryMs = LEADER_RETRY_MS, key = LEADER_LOCK_KEY }: AdvisoryLeadershipOptions): Leadership {
  let client: pg.Client | null = null;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> | null = null;
  const listeners = new Set<(leading: boolean) => void>();

  function setLeading(next: boolean): void {
    if (next === leading) return;
    leading = next;
    if (next) log.info('Tareas de fondo: este proceso las dirige (bloqueo consultivo de PostgreSQL tomado)');
    else log.warn('Tareas de fondo: este proceso dejó de dirigirlas');
    for (const listener of [...listeners]) listener(next);
  }

  /** The connection is gone or doubtful: stop leading first, then drop it (PostgreSQL frees the lock with it). */
  function drop(reason: unknown): void {
    setLeading(false);
    const dead = client;
    client = null;
    if (dead) {
      log.debug({ err: reason }, 'Tareas de fondo: conexión del bloqueo cerrada');
      void dead.end().catch(() => undefined);
    }
  }

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5000, query_timeout: 5000, application_name: 'flota-leader' });
    // An 'error' without a listener would end the process (the database restarting, say).
    fresh.on('error', (error) => {
      if (client === fresh) drop(error);
    });
    fresh.on('end', () => {
      if (client === fresh) drop(new Error('connection ended'));
    });
    await fresh.connect();
    return fresh;
  }

  async function tick(): Promise<void> {
    try {
      if (!client) client = await connect();
      if (leading) {
        // Still connected means still holding the lock (it is the session's).
        await client.query('select 1');
      } else {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (stopped) return;
        setLeading(rows[0]?.locked === true);
      }
    } catch (error) {
      drop(error);
    }
  }

  function loop(): void {
    if (stopped) return;
    attempt = tick().finally(() => {
      attempt = null;
      if (stopped) return;
      timer = setTimeout(loop, retryMs);
      timer.unref();
    });
  }

  return {
    isLeader: () => leading,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      stopped = false;
      loop();
      await attempt;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      setLeading(false);
      const last = client;
      client = null;
      // Ending the session releases the lock: the next process takes it on its next attempt.
      await last?.end().catch(() => undefined);
    },
  };
}
