import { isValidPlate, normalizePlate } from './plate';

describe('plates', () => {
  it.each(['AB1234', 'ab-12-34', 'BCDF12', 'bc·df·12', 'KLZX 45'])('accepts %s', (plate) => expect(isValidPlate(plate)).toBe(true));
  it.each(['', 'ABCD12', 'A1234', 'BCDF123', '123456', 'BCMN12'])('rejects %s', (plate) => expect(isValidPlate(plate)).toBe(false));
  it('stores upper case without separators', () => expect(normalizePlate('bc-df·12')).toBe('BCDF12'));
});
