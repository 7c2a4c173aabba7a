/** A shift ended: its summary (trips, stops, kilometres) is kept now; a failure only leaves it to the background pass. */
import { handler } from '../../flotaModule';
import { summarizeShift } from '../summaryService';

export const onShiftEnded = handler('shiftEnded', 'after', ({ db, log }) => ({ shift }) => {
  summarizeShift(db, shift.id).catch((error: unknown) => log.warn({ err: error, shiftId: shift.id }, 'resumen del turno pendiente'));
});
