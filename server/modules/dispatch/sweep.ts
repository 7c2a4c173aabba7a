/** The dispatch sweep's timer: one round at start (offers that expired while the server was down), then every `everyMs`; rounds never overlap. */
import type { FastifyBaseLogger } from 'fastify';

export function startSweep(round: () => Promise<unknown>, everyMs: number, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = () => {
    if (running || stopped) return;
    running = round()
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, 'despacho: la revisión de ofertas falló'))
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      stopped = false;
      run();
      timer = setInterval(run, everyMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
