import type { TrackingView } from '../../contract/tracking';
import { carText, etaText, stateText, telHref } from './tripText';

const view = (overrides: Partial<TrackingView>): TrackingView => ({
  fleet: { name: 'Radiotaxis La Ligua', phone: '+56 33 271 1234' },
  state: 'en_camino',
  pickup: { latitude: -32.45, longitude: -71.23, label: 'Plaza' },
  taxi: { plate: 'TRKP36', model: 'Toyota Yaris', color: 'Negro' },
  driver_first_name: 'Camila',
  position: { latitude: -32.44, longitude: -71.23, at: '2026-11-27T10:00:00.000Z' },
  eta_s: 250,
  ...overrides,
});

describe('the passenger’s words', () => {
  it('says the state and the minutes to the pickup, rounded, never zero', () => {
    expect(stateText(view({}))).toBe('En camino');
    expect(etaText(view({}))).toBe('Llega en alrededor de 4 minutos.');
    expect(etaText(view({ eta_s: 20 }))).toBe('Llega en alrededor de 1 minuto.');
    expect(etaText(view({ eta_s: null, position: null }))).toBeNull();
    expect(stateText(view({ state: 'llego' }))).toBe('Llegó');
    expect(etaText(view({ state: 'cancelado' }))).toBe('Este viaje fue cancelado. Si necesita un taxi, llame a la central.');
  });

  it('names the car by what the fleet recorded, and dials the phone without spaces', () => {
    expect(carText(view({}))).toBe('Toyota Yaris · Negro');
    expect(carText(view({ taxi: { plate: 'AB1234', model: null, color: null } }))).toBeNull();
    expect(telHref('+56 33 271-1234')).toBe('tel:+56332711234');
  });
});
