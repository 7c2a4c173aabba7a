/**
 * Writes taxis' steps (their new states and the alerts they raise) many at a time: one transaction
 * locks every taxi's stored state row with one statement, takes again from the stored state any step
 * another process moved meanwhile, writes every state with one statement and every alert with one
 * insert per fleet. The events engine hands its steps to a group writer (createStepWriter), so a
 * stream of positions that raise alerts costs a handful of statements per batch, not five per alert
 * each in its own transaction in front of the ingest's flush (issue 43: 40 % of the ingest with
 * 1,000 zones on). The sin-señal sweep writes its batches through writeSteps too.
 *
 * Rows are locked in shift order, so two writers (two processes, or the sweep and the engine on
 * PostgreSQL) wait for each other instead of deadlocking.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AlertRule } from '../../../../contract/alerts';
import { inQueryLane } from '../../../platform/db/queryLane';
import type { Database } from '../../../platform/db/schema';
import type { AlertRow } from '../alertsRepo';
import type { Raiser, UnroutedAlert } from '../raise';
import type { TaxiInfo } from '../taxiInfo';
import { emptyState, samePersisted, type Fix, type StepEvent, type StepResult, type TaxiState } from './taxiState';

/** A taxi as the engine holds it in memory: who it is and its state (written back after the commit). */
export interface TaxiEntry {
  info: TaxiInfo;
  state: TaxiState;
}

export interface PendingStep {
  shiftId: number;
  taxi: TaxiEntry;
  /** The state the step was taken from. */
  before: TaxiState;
  /** The step taken from `before`; written as it is when the stored state is still `before`'s. */
  result: StepResult;
  /** The same step taken from the stored state, when another process moved it. */
  redo: (stored: TaxiState) => StepResult;
  /** Where the alert happened (null: no position). */
  fix: Fix | null;
}

/** What to announce once committed. */
export interface Written {
  raised: AlertRow[];
  changed: AlertRow[];
}

export interface StepWriterDeps {
  raiser: Raiser;
  /** The fleet's rules (read before the transaction: a cache). */
  rules: { get(ownerId: number): Promise<AlertRule[]> };
  toAlert: (event: StepEvent, taxi: TaxiInfo, fix: Fix | null) => UnroutedAlert;
}

/** Writes `steps` (one per shift) inside `trx`; the taxis' memory takes the written states. */
export async function writeSteps(trx: Transaction<Database>, deps: StepWriterDeps, steps: readonly PendingStep[], rulesOf: ReadonlyMap<number, AlertRule[]>): Promise<Written> {
  if (!steps.length) return { raised: [], changed: [] };
  const sorted = [...steps].sort((a, b) => a.shiftId - b.shiftId);
  // One statement creates each missing row or locks the existing one (an upsert's update takes the row lock) and returns what is stored.
  const locked = await trx
    .insertInto('alert_taxi_states')
    .values(sorted.map((step) => ({ shift_id: step.shiftId, owner_id: step.taxi.info.ownerId, state: JSON.stringify(step.before) })))
    .onConflict((c) => c.column('shift_id').doUpdateSet((eb) => ({ owner_id: eb.ref('alert_taxi_states.owner_id') })))
    .returning(['shift_id', 'state'])
    .execute();
  const storedOf = new Map(locked.map((row) => [row.shift_id, row.state as TaxiState]));
  const finals = sorted.map((step) => {
    const stored: TaxiState = { ...emptyState(), ...storedOf.get(step.shiftId), last: step.before.last };
    return samePersisted(stored, step.before) ? step.result : step.redo(stored);
  });
  const now = new Date();
  await trx
    .insertInto('alert_taxi_states')
    .values(sorted.map((step, i) => ({ shift_id: step.shiftId, owner_id: step.taxi.info.ownerId, state: JSON.stringify(finals[i].state), updated_at: now })))
    .onConflict((c) => c.column('shift_id').doUpdateSet((eb) => ({ state: eb.ref('excluded.state'), updated_at: eb.ref('excluded.updated_at') })))
    .execute();

  const byOwner = new Map<number, UnroutedAlert[]>();
  sorted.forEach((step, i) => {
    for (const event of finals[i].events) {
      const alerts = byOwner.get(step.taxi.info.ownerId) ?? [];
      alerts.push(deps.toAlert(event, step.taxi.info, step.fix));
      byOwner.set(step.taxi.info.ownerId, alerts);
    }
  });
  const raised: AlertRow[] = [];
  for (const [ownerId, alerts] of byOwner) raised.push(...(await deps.raiser.store(trx, rulesOf.get(ownerId) ?? [], alerts)));

  const changed: AlertRow[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    const ended = finals[i].speedingEnded;
    if (!ended) continue;
    const row = await trx
      .updateTable('alerts')
      .set({ speed_kmh: ended.top, detail: `Velocidad máxima alcanzada: ${Math.round(ended.top)} km/h` })
      .where('owner_id', '=', sorted[i].taxi.info.ownerId)
      .where('episode_key', '=', ended.key)
      .returningAll()
      .executeTakeFirst();
    if (row) changed.push(row);
  }
  sorted.forEach((step, i) => (step.taxi.state = finals[i].state));
  return { raised, changed };
}

/** The fleets' rules, read before a transaction (from the rules cache). */
export async function rulesFor(deps: StepWriterDeps, ownerIds: readonly number[]): Promise<Map<number, AlertRule[]>> {
  const owners = [...new Set(ownerIds)];
  return new Map(await Promise.all(owners.map(async (ownerId) => [ownerId, await deps.rules.get(ownerId)] as const)));
}

interface Queued {
  step: PendingStep;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The engine's group writer: a step handed over joins the next batch; one batch is in flight at a
 * time and what queued meanwhile goes next, as the ingest's group commit does. On the embedded
 * database a batch queues in the ingest's lane (queryLane.ts): first come, first served with the
 * flushes, behind people's requests. A batch that fails is written again one step at a time, so only
 * the step at fault fails. `announce` gets what each commit raised.
 */
export function createStepWriter(db: Kysely<Database>, deps: StepWriterDeps, announce: (written: Written) => void, maxBatch = 500) {
  let queued: Queued[] = [];
  let running: Promise<void> | null = null;
  let scheduled = false;

  async function commit(batch: Queued[]): Promise<void> {
    const steps = batch.map((item) => item.step);
    const rulesOf = await rulesFor(deps, steps.map((step) => step.taxi.info.ownerId));
    const written = await inQueryLane('background', () => db.transaction().execute((trx) => writeSteps(trx, deps, steps, rulesOf)));
    announce(written);
  }

  async function run(batch: Queued[]): Promise<void> {
    try {
      await commit(batch);
      batch.forEach((item) => item.resolve());
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const item of batch) await run([item]);
    }
  }

  function next(): void {
    scheduled = false;
    if (running || !queued.length) return;
    const batch = queued.slice(0, maxBatch);
    queued = queued.slice(maxBatch);
    running = run(batch).finally(() => {
      running = null;
      next();
    });
  }

  return {
    /** Resolves once the step is committed (and its alerts announced). */
    write(step: PendingStep): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queued.push({ step, resolve, reject });
        // Every step handed over in this turn of the event loop joins the batch.
        if (!running && !scheduled) {
          scheduled = true;
          setImmediate(next);
        }
      });
    },
    /** Steps queued or in flight (tests, and close). */
    pending: () => queued.length + (running ? 1 : 0),
  };
}
export type StepWriter = ReturnType<typeof createStepWriter>;
