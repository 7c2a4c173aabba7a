/**
 * A stop signal ends the process within a bound (issue 32: 10 s), whatever is in hand. The orderly
 * shutdown (server/index.ts) stops the background passes between their batches, drains the
 * ingest's queue and closes the database; if that has not finished by the deadline (a database
 * that does not answer, a statement that runs long), the process leaves anyway. That is no worse
 * than a crash, which the durability tests prove loses nothing acknowledged: a point is answered
 * 202 only once committed, and an unfinished transaction is rolled back by the database.
 */
export const SHUTDOWN_DEADLINE_MS = 8000;

/** Arms the deadline (it never keeps the process alive by itself); `leave` runs when it passes. */
export function armShutdownDeadline(signal: string, leave: () => void, ms = SHUTDOWN_DEADLINE_MS): NodeJS.Timeout {
  const timer = setTimeout(() => {
    console.error(`${signal}: el cierre ordenado no terminó en ${ms / 1000} s; Flota se detiene sin esperar más (lo ya confirmado está guardado).`);
    leave();
  }, ms);
  timer.unref();
  return timer;
}
