/**
 * Sin señal and its return, decided on what is stored at the moment of raising.
 *
 * Before issue 43 the sweep read every open shift once and then raised, one five-statement
 * transaction per taxi, for minutes: after a restart (5,000 shifts, 1 Hz) 99 % of its "sin señal"
 * went to taxis that had already stored a newer point, each followed by a "señal recuperada", and
 * each transaction held the embedded database's one connection in front of the ingest's flush
 * (ingest down to a third). Now:
 *  - the database picks the shifts that need a look, a page at a time (signalRepo.ts);
 *  - each page is one transaction that reads those shifts' newest point again and decides on it, so
 *    a taxi that reported since is not raised;
 *  - a taxi is quiet only when nothing was heard from it for N minutes while this process listened:
 *    a server that was down or just started does not call its fleet silent because it could not
 *    hear the phones (they report again within seconds of the restart);
 *  - between pages the pass rests (its duty cycle), and on the embedded database its transactions
 *    queue behind every waiting flush (db/queryLane.ts).
 */
import type { Kysely } from 'kysely';
import type { PassControl } from '../../../platform/backgroundPass';
import type { Database } from '../../../platform/db/schema';
import { heardShifts, signalCandidates } from '../signalRepo';
import { rulesFor, writeSteps, type PendingStep, type StepWriterDeps, type TaxiEntry, type Written } from './stepWriter';
import { emptyState, type StepResult, type TaxiState } from './taxiState';

/** Shifts decided per transaction. */
export const SIGNAL_BATCH = 200;

export interface SignalSweepDeps extends StepWriterDeps {
  db: Kysely<Database>;
  noSignalMinutes: number;
  /** When this process began listening (the clock's time): nobody is quiet before it has listened N minutes. */
  listeningSince: Date;
  /** The engine's taxis in memory: updated with what the sweep writes. */
  taxiInMemory: (shiftId: number) => TaxiEntry | undefined;
  announce: (written: Written) => void;
}

/** The step for one shift, heard at `heard`: a new silence, a return, or nothing. */
function signalStep(shiftId: number, heard: Date, quietBefore: Date, now: Date) {
  const since = heard.toISOString();
  return (state: TaxiState): StepResult => {
    const quiet = heard < quietBefore;
    if (quiet && state.silentSince === null) {
      const minutes = Math.floor((now.getTime() - heard.getTime()) / 60_000);
      return { state: { ...state, silentSince: since }, events: [{ kind: 'no_signal', key: `no_signal:${shiftId}:${since}`, zone: null, figures: { minutes, since } }], speedingEnded: null };
    }
    if (state.silentSince !== null && heard.getTime() > Date.parse(state.silentSince)) {
      const episode = state.silentSince;
      return { state: { ...state, silentSince: null }, events: [{ kind: 'signal_back', key: `signal_back:${shiftId}:${episode}`, zone: null, figures: { since: episode } }], speedingEnded: null };
    }
    return { state, events: [], speedingEnded: null };
  };
}

/** One sweep at `now`: answers how many alerts it stored. */
export async function sweepSignal(deps: SignalSweepDeps, now: Date, control?: PassControl): Promise<number> {
  const { db } = deps;
  const quietMs = deps.noSignalMinutes * 60_000;
  // Before this process has listened N minutes nobody is quiet; returns are still told.
  const quietBefore = now.getTime() - deps.listeningSince.getTime() >= quietMs ? new Date(now.getTime() - quietMs) : new Date(0);
  let afterId = 0;
  let stored = 0;
  for (;;) {
    const candidates = await signalCandidates(db, quietBefore, afterId, SIGNAL_BATCH);
    if (!candidates.length) break;
    afterId = candidates[candidates.length - 1].id;
    const ids = candidates.map((candidate) => candidate.id);
    // Read before the transaction: on the embedded database a read through the cache's own connection would wait for it.
    const rulesOf = await rulesFor(deps, candidates.map((candidate) => candidate.ownerId));
    const written = await db.transaction().execute(async (trx) => {
      const steps: PendingStep[] = (await heardShifts(trx, ids)).map(({ info, heard, position }) => {
        const memory = deps.taxiInMemory(info.shiftId as number);
        const taxi: TaxiEntry = memory ?? { info, state: emptyState() };
        const redo = signalStep(info.shiftId as number, heard, quietBefore, now);
        // The alert shows where the taxi was last seen, timed now.
        const fix = position ? { ...position, time: now, speedKmh: null } : null;
        return { shiftId: info.shiftId as number, taxi, before: taxi.state, result: redo(taxi.state), redo, fix };
      });
      return writeSteps(trx, deps, steps, rulesOf);
    });
    stored += written.raised.length;
    deps.announce(written);
    if (candidates.length < SIGNAL_BATCH || control?.stopped()) break;
    await control?.breathe();
  }
  return stored;
}
