/** Following the taxi: the camera recentres only when the taxi nears an edge of the map. */
import { nearEdge } from './followCamera';

describe('nearEdge', () => {
  it('leaves the camera alone while the taxi is in the middle of the map', () => {
    expect(nearEdge(400, 200, 800, 400)).toBe(false);
    expect(nearEdge(170, 90, 800, 400)).toBe(false);
    expect(nearEdge(630, 310, 800, 400)).toBe(false);
  });

  it('recentres when the taxi comes within a fifth of any edge, or leaves the map', () => {
    expect(nearEdge(150, 200, 800, 400)).toBe(true);
    expect(nearEdge(650, 200, 800, 400)).toBe(true);
    expect(nearEdge(400, 70, 800, 400)).toBe(true);
    expect(nearEdge(400, 330, 800, 400)).toBe(true);
    expect(nearEdge(-20, 200, 800, 400)).toBe(true);
    expect(nearEdge(400, 900, 800, 400)).toBe(true);
  });
});
