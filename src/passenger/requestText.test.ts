import { TaxiRequestMessages } from '../../contract/taxiRequestWords';
import { locationProblem, locationReceived, outcomeOf, requestBody, type RequestForm } from './requestText';

const form = (overrides: Partial<RequestForm> = {}): RequestForm => ({
  phone: '9 8111 2222',
  name: ' Rosa ',
  choice: 'ubicacion',
  point: { latitude: -32.45, longitude: -71.23 },
  place: '',
  reference: '',
  notes: '',
  trap: '',
  ...overrides,
});

describe('the request page’s words', () => {
  it('sends what the passenger typed, trimmed, with the pickup they chose', () => {
    expect(requestBody(form({ reference: ' Portón verde ', notes: 'Con maletas' }))).toEqual({
      body: { phone: '9 8111 2222', name: 'Rosa', pickup: { kind: 'ubicacion', latitude: -32.45, longitude: -71.23, reference: 'Portón verde' }, notes: 'Con maletas', sitio_web: '' },
    });
    expect(requestBody(form({ choice: 'lugar', place: 'Terminal de buses', point: null }))).toMatchObject({ body: { pickup: { kind: 'lugar', name: 'Terminal de buses', reference: null }, notes: null } });
    expect(requestBody(form({ trap: 'http://spam' }))).toMatchObject({ body: { sitio_web: 'http://spam' } });
  });

  it('says in Spanish what is missing before sending anything', () => {
    expect(requestBody(form({ phone: '123', name: '  ', choice: null }))).toEqual({ errors: { phone: TaxiRequestMessages.phone, name: TaxiRequestMessages.name, pickup: TaxiRequestMessages.pickup } });
    expect(requestBody(form({ point: null }))).toEqual({ errors: { pickup: 'Aún no tenemos su ubicación: permita el acceso o elija otra opción' } });
    expect(requestBody(form({ choice: 'mapa', point: null }))).toEqual({ errors: { pickup: 'Toque el mapa donde lo recogemos' } });
    expect(requestBody(form({ choice: 'lugar', point: null }))).toEqual({ errors: { pickup: 'Elija un lugar de la lista' } });
    expect(requestBody(form({ notes: 'x'.repeat(301) }))).toEqual({ errors: { notes: 'Las notas son demasiado largas' } });
  });

  it('reads each answer of the server: sent, fields to fix, a refusal, a page that is off', () => {
    expect(outcomeOf(201, { token: 't', path: '/seguimiento/t' })).toEqual({ sent: '/seguimiento/t' });
    expect(outcomeOf(400, { error: 'x', fields: { 'pickup.latitude': 'El punto está fuera del área de servicio', phone: TaxiRequestMessages.phone } })).toEqual({
      fields: { pickup: 'El punto está fuera del área de servicio', phone: TaxiRequestMessages.phone },
      message: 'Revise los datos marcados.',
    });
    expect(outcomeOf(409, { error: TaxiRequestMessages.openRequest })).toEqual({ message: TaxiRequestMessages.openRequest });
    expect(outcomeOf(403, { error: TaxiRequestMessages.refused })).toEqual({ message: TaxiRequestMessages.refused });
    expect(outcomeOf(404, { error: TaxiRequestMessages.unknownFleet })).toEqual({ closed: true });
    expect(outcomeOf(502, '<html>')).toEqual({ message: 'No pudimos enviar su pedido. Intente nuevamente en unos segundos o llame a la central.' });
  });

  it('says why the location did not come, and how precise it is when it did', () => {
    expect(locationProblem(1)).toMatch(/^No nos dio permiso/);
    expect(locationProblem(3)).toMatch(/tardó demasiado/);
    expect(locationProblem(null)).toMatch(/^Este navegador no puede/);
    expect(locationReceived(24.6)).toBe('Ubicación recibida (± 25 m).');
    expect(locationReceived(null)).toBe('Ubicación recibida.');
  });
});
