import { act, render, screen } from '@testing-library/react';
import { mapStandIn } from '../../testing/reactMapGlStandIn';
import { MapShell } from './MapShell';

type Handlers = { onError(event: unknown): void; onSourceData(event: unknown): void };
const handlers = () => mapStandIn.props as unknown as Handlers;

describe('MapShell', () => {
  afterEach(() => mapStandIn.reset());

  it('says in Spanish that the base map did not load when its tiles fail, and not for another source', () => {
    const onError = jest.fn();
    render(<MapShell onError={onError} />);
    act(() => handlers().onError({ type: 'error', sourceId: 'route', error: new Error('x') }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => handlers().onError({ type: 'error', sourceId: 'osm', error: new Error('Failed to fetch') }));
    expect(screen.getByRole('status')).toHaveTextContent('Mapa base no disponible');
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('takes the notice away when a tile arrives after all', () => {
    render(<MapShell />);
    act(() => handlers().onError({ type: 'error', sourceId: 'osm', error: new Error('Failed to fetch') }));
    act(() => handlers().onSourceData({ type: 'sourcedata', sourceId: 'osm', tile: {}, target: mapStandIn.map }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
