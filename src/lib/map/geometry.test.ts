import { boundsOf, polyline } from './geometry';

describe('map geometry', () => {
  it('draws a polyline through the positions in their order', () => {
    expect(polyline([[-71.2, -32.4], [-71.3, -32.5]]).geometry.coordinates).toEqual([[-71.2, -32.4], [-71.3, -32.5]]);
  });

  it('bounds every position, skipping the unknown ones, and is null with none', () => {
    expect(boundsOf([[-71.2, -32.4], null, [-71.3, -32.5], [-71.25, -32.3]])).toEqual([[-71.3, -32.5], [-71.2, -32.3]]);
    expect(boundsOf([null])).toBeNull();
    expect(boundsOf([])).toBeNull();
  });
});
