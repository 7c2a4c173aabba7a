/**
 * Offers that came to nothing, split the way a dispatcher acts on them: a refusal ("rechazo": the
 * driver said no) or silence ("sin respuesta": the offer expired, or the desk passed it on before
 * it did). The server counts them from a booking's events; the desk, the board and Actividad say
 * them with the same words.
 */
export interface OfferTally {
  declined: number;
  unanswered: number;
}

/** Event notes on an offer passed on (booking_events.note). */
export const OfferEndNotes = { declined: 'rechazada', expired: 'expirada', passed: 'pasada' } as const;
/** The note opening a round of offering ("Ofrecer"): counts start again after it. */
export const OFFERING_START_NOTE = 'inicio';

/** The tally since the offering last started, from a booking's events oldest first. */
export function offerTally(events: readonly { note: string | null }[]): OfferTally {
  const tally: OfferTally = { declined: 0, unanswered: 0 };
  for (const { note } of events) {
    if (note === OFFERING_START_NOTE) {
      tally.declined = 0;
      tally.unanswered = 0;
    } else if (note === OfferEndNotes.declined) tally.declined += 1;
    else if (note === OfferEndNotes.expired || note === OfferEndNotes.passed) tally.unanswered += 1;
  }
  return tally;
}

/** "2 sin respuesta, 1 rechazo"; "" when nothing came to nothing. */
export function offerTallyText({ declined, unanswered }: OfferTally): string {
  const parts: string[] = [];
  if (unanswered) parts.push(`${unanswered} sin respuesta`);
  if (declined) parts.push(`${declined} ${declined === 1 ? 'rechazo' : 'rechazos'}`);
  return parts.join(', ');
}
