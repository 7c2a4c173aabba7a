import { matchesSearch } from './search';

describe('matchesSearch', () => {
  it('matches everything when the query is blank', () => {
    expect(matchesSearch('  ', ['Juan'])).toBe(true);
  });

  it('ignores case and accents', () => {
    expect(matchesSearch('PEREZ', ['Juan Pérez'])).toBe(true);
    expect(matchesSearch('vehículo', ['VEHICULO'])).toBe(true);
  });

  it('finds a RUT typed with or without dots and dash', () => {
    expect(matchesSearch('12.531.909-2', ['125319092'])).toBe(true);
    expect(matchesSearch('12531909', ['125319092'])).toBe(true);
    expect(matchesSearch('12.531', ['125319092'])).toBe(true);
  });

  it('does not match what is not there, nor missing texts', () => {
    expect(matchesSearch('soto', ['Juan Pérez', null, undefined])).toBe(false);
  });
});
