/** What decides whether a taxi's step is written (samePersisted): the zones it is in, an episode, not the last fix. */
import { emptyState, samePersisted, type TaxiState } from './taxiState';

const state = (changes: Partial<TaxiState>): TaxiState => ({ ...emptyState(), ...changes });
const visit = (since: string, dwellFired?: boolean) => (dwellFired === undefined ? { since } : { since, dwellFired });

describe('samePersisted', () => {
  it('ignores the previous fix and a running episode’s top speed', () => {
    const speeding = { since: '2026-11-27T12:00:00.000Z', top: 70, limit: 60, fired: false };
    expect(samePersisted(state({ last: { lat: 1, lng: 2, time: 'a' }, speeding }), state({ last: null, speeding: { ...speeding, top: 95 } }))).toBe(true);
  });

  it('sees the same zones in another order as the same', () => {
    expect(samePersisted(state({ zones: { '1': visit('a'), '2': visit('b') } }), state({ zones: { '2': visit('b'), '1': visit('a') } }))).toBe(true);
  });

  it('sees a zone entered, left, re-entered or its dwell raised as a change', () => {
    const before = state({ zones: { '1': visit('a') } });
    expect(samePersisted(before, state({ zones: { '1': visit('a'), '2': visit('b') } }))).toBe(false);
    expect(samePersisted(before, state({ zones: {} }))).toBe(false);
    expect(samePersisted(before, state({ zones: { '1': visit('c') } }))).toBe(false);
    expect(samePersisted(before, state({ zones: { '1': visit('a', true) } }))).toBe(false);
    expect(samePersisted(before, state({ zones: { '1': visit('a', false) } }))).toBe(true);
  });

  it('sees a speeding episode begun, raised or ended, sin señal and a long stop as changes', () => {
    const speeding = { since: 's', top: 70, limit: 60, fired: false };
    expect(samePersisted(state({}), state({ speeding }))).toBe(false);
    expect(samePersisted(state({ speeding }), state({ speeding: { ...speeding, fired: true } }))).toBe(false);
    expect(samePersisted(state({ speeding }), state({}))).toBe(false);
    expect(samePersisted(state({}), state({ silentSince: 't' }))).toBe(false);
    expect(samePersisted(state({}), state({ stopFired: { lat: 1, lng: 2, since: 'x' } }))).toBe(false);
    expect(samePersisted(state({ stopFired: { lat: 1, lng: 2, since: 'x' } }), state({ stopFired: { lat: 1, lng: 2, since: 'x' } }))).toBe(true);
  });
});
