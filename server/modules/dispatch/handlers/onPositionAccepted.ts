/** Every accepted point moves its taxi in the index, and may bring a trip on its way to En el lugar (in memory: no database read per point). */
import { handler } from '../../flotaModule';

export const onPositionAccepted = handler('positionAccepted', 'after', ({ services: { dispatch } }) => (position) => dispatch.onPosition(position));
