/**
 * A shift's summary and replay read a whole trail when nothing is kept for it (a 12-hour shift:
 * 43,200 points, half a second of the embedded database). Issue 32 measured four such reads from
 * one desk at once pushing /api/health to 185 ms for everyone. So each user's heavy reads take
 * turns: one runs, a few wait (the replay page asks for the summary and the replay together), and
 * beyond that the answer is a Spanish 429. Per process, like the point rate cap: each process
 * guards its own event loop and database connection.
 */
import type { FastifyRequest } from 'fastify';
import { signedInUser } from '../identity';
import { HttpError } from '../../platform/errors';

export const HEAVY_READS_BUSY = 'Ya hay varias consultas de turnos en curso. Espera a que terminen e intenta nuevamente.';

export interface HeavyReadGateOptions {
  /** Reads of one user that run at once. */
  running: number;
  /** Reads of one user that may wait for their turn; one more is refused. */
  waiting: number;
}

export const DEFAULT_HEAVY_READS: Readonly<HeavyReadGateOptions> = Object.freeze({ running: 1, waiting: 3 });

interface Turns {
  running: number;
  queue: Array<() => void>;
}

export interface HeavyReadGate {
  /** Runs `read` in the signed-in user's turn, or throws the 429. */
  run: <T>(request: FastifyRequest, read: () => Promise<T>) => Promise<T>;
}

// An owner and a desk account may share an id (two tables): the role keeps them apart.
const userKey = (request: FastifyRequest): string => {
  const user = signedInUser(request);
  return `${user.role === 'dueño' ? 'owner' : 'desk'}:${user.id}`;
};

export function createHeavyReadGate(options: HeavyReadGateOptions = DEFAULT_HEAVY_READS): HeavyReadGate {
  const users = new Map<string, Turns>();
  return {
    async run(request, read) {
      const key = userKey(request);
      const turns = users.get(key) ?? { running: 0, queue: [] };
      users.set(key, turns);
      if (turns.running < options.running) turns.running += 1;
      else if (turns.queue.length < options.waiting) await new Promise<void>((resolve) => turns.queue.push(resolve));
      else throw new HttpError(429, HEAVY_READS_BUSY, undefined, { 'retry-after': '1' });
      try {
        return await read();
      } finally {
        // The turn passes straight to the next waiting read: none can slip in between.
        const next = turns.queue.shift();
        if (next) next();
        else if ((turns.running -= 1) === 0) users.delete(key);
      }
    },
  };
}
