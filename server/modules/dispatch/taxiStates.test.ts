/** The in-memory taxi states candidates read: who is free, and a late read never undoing a newer change. */
import { createTaxiStates, type TaxiState } from './taxiStates';

const taxi = (shiftId: number, driverId: number, change: Partial<TaxiState> = {}): TaxiState => ({
  shiftId,
  ownerId: 1,
  driverId,
  vehicleId: 100 + driverId,
  plateNumber: `AB${driverId}`,
  driverName: `Conductor ${driverId}`,
  availability: 'libre',
  onTrip: false,
  offered: false,
  ...change,
});

describe('taxi states', () => {
  it('a taxi is free only on shift, Libre, with no trip and no open offer', () => {
    const states = createTaxiStates();
    states.replaceAll([taxi(1, 11), taxi(2, 12, { availability: 'fuera_de_servicio' }), taxi(3, 13, { onTrip: true }), taxi(4, 14, { offered: true })], states.nextGeneration());
    expect([1, 2, 3, 4, 5].map((id) => states.isFree(id))).toEqual([true, false, false, false, false]);
  });

  it('a read that started before an offer was marked does not bring the taxi back as free', () => {
    const states = createTaxiStates();
    states.replaceAll([taxi(1, 11)], states.nextGeneration());
    const lateRead = states.nextGeneration();
    states.mark(1, { offered: true });
    states.apply([taxi(1, 11)], [1], lateRead);
    expect(states.isFree(1)).toBe(false);
    // A read started after the mark is the truth again (the offer passed on).
    states.apply([taxi(1, 11)], [1], states.nextGeneration());
    expect(states.isFree(1)).toBe(true);
  });

  it('a shift missing from a read of its driver has ended; a new shift of the same driver replaces the old', () => {
    const states = createTaxiStates();
    states.replaceAll([taxi(1, 11), taxi(2, 12)], states.nextGeneration());
    states.apply([], [11], states.nextGeneration(), 'driver');
    expect(states.get(1)).toBeNull();
    states.fromPeer(3, taxi(3, 12));
    expect(states.get(2)).toBeNull();
    expect(states.get(3)).toMatchObject({ driverId: 12, plateNumber: 'AB12' });
    states.fromPeer(3, null);
    expect(states.size()).toBe(0);
  });

  it('a full reload drops the shifts no longer active, unless changed since the reload started', () => {
    const states = createTaxiStates();
    states.replaceAll([taxi(1, 11), taxi(2, 12)], states.nextGeneration());
    const reload = states.nextGeneration();
    states.fromPeer(3, taxi(3, 13));
    states.replaceAll([taxi(1, 11)], reload);
    expect([1, 2, 3].map((id) => states.has(id))).toEqual([true, false, true]);
  });
});
