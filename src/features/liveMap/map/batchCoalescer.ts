/**
 * The fleet's batches (a few a second) drawn at most once per `coalesceMs`: each diff makes MapLibre's
 * worker re-cluster the source, send every tile back and repaint, the same cost for one moved taxi as
 * for a thousand (issue 23). The latest batch waits for its turn; a batch that must show at once (the
 * selected taxi changed) is drawn now and drops the waiting one.
 */
export interface BatchCoalescerOptions<Batch> {
  /** Default 0: each batch at once. */
  coalesceMs: number;
  now: () => number;
  draw(batch: Batch): void;
}

export function createBatchCoalescer<Batch>({ coalesceMs, now, draw }: BatchCoalescerOptions<Batch>) {
  /** The latest batch not drawn yet, and the timer that draws it; when the last batch was drawn. */
  let pending: Batch | null = null;
  let pendingTimer: ReturnType<typeof setTimeout> | null = null;
  let lastDrawn = -Infinity;

  function drawNow(batch: Batch) {
    lastDrawn = now();
    draw(batch);
  }

  function drawPending() {
    pendingTimer = null;
    const batch = pending;
    pending = null;
    if (batch) drawNow(batch);
  }

  /** Draws the batch now, or with the next coalesced one; `urgent` is asked only when it would wait. */
  function push(batch: Batch, urgent: () => boolean) {
    const sinceDrawn = now() - lastDrawn;
    if (coalesceMs <= 0 || sinceDrawn >= coalesceMs || urgent()) {
      if (pendingTimer !== null) clearTimeout(pendingTimer);
      pendingTimer = null;
      pending = null;
      drawNow(batch);
      return;
    }
    pending = batch;
    pendingTimer ??= setTimeout(drawPending, coalesceMs - sinceDrawn);
  }

  function dispose() {
    if (pendingTimer !== null) clearTimeout(pendingTimer);
    pendingTimer = null;
    pending = null;
  }

  return { push, dispose };
}
