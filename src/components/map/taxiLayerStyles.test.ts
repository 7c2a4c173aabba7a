import { expression } from '@maplibre/maplibre-gl-style-spec';
import { taxiMarkers } from '../../lib/map/taxiFeatures';
import { TAXI_ICON, TAXI_ICON_BUSY, TAXI_ICON_OFF, TAXI_ICON_STALE } from '../../lib/map/taxiIcon';
import { clusterCountLayer, clusterLayer, taxiLayer, taxiLayerIds } from './taxiLayerStyles';

type Layout = Record<string, unknown>;
const layoutOf = (layer: ReturnType<typeof taxiLayer>) => (layer as { layout: Layout }).layout;

describe('taxi layers', () => {
  it('writes the taxi number on the live map, a rank on a ranked list, the driver under the marker, or nothing', () => {
    expect(layoutOf(taxiLayer('taxis'))['text-field']).toEqual(['concat', '#', ['to-string', ['get', 'number']]]);
    expect(layoutOf(taxiLayer('ranked', { label: 'rank' }))['text-field']).toEqual(['to-string', ['get', 'number']]);
    const named = layoutOf(taxiLayer('at', { label: 'name' }));
    expect(named['text-field']).toEqual(['get', 'label']);
    expect(named['text-anchor']).toBe('top');
    // Colliding names give way; the taxis themselves are always drawn.
    expect([named['text-allow-overlap'], named['text-optional'], named['icon-allow-overlap']]).toEqual([false, true, true]);
    expect(layoutOf(taxiLayer('tagged', { label: 'none' }))['text-field']).toBeUndefined();
  });

  it('colours the icon grey without signal, else by availability (yellow when free or not known)', () => {
    // MapLibre's own expression engine, on the properties a taxi marker carries: what the map draws.
    const parsed = expression.createExpression(layoutOf(taxiLayer('taxis'))['icon-image'], 'layers[0].layout.icon-image');
    if (parsed.result !== 'success') throw new Error('icon-image is not a valid expression');
    const iconFor = (properties: Record<string, unknown>) => parsed.value.evaluate({ zoom: 14 }, { type: 'Point', properties } as never);
    expect(iconFor({ stale: false, availability: 'libre' })).toBe(TAXI_ICON);
    expect(iconFor({ stale: false })).toBe(TAXI_ICON);
    expect(iconFor({ stale: false, availability: 'ocupado' })).toBe(TAXI_ICON_BUSY);
    expect(iconFor({ stale: false, availability: 'fuera_de_servicio' })).toBe(TAXI_ICON_OFF);
    expect(iconFor({ stale: true, availability: 'ocupado' })).toBe(TAXI_ICON_STALE);
  });

  it('leaves groups to the cluster layers on a clustered source, and draws the selected taxi larger', () => {
    const ids = taxiLayerIds('taxis');
    expect([taxiLayer('taxis').id, clusterLayer('taxis').id, clusterCountLayer('taxis').id]).toEqual([ids.taxis, ids.clusters, ids.clusterCounts]);
    expect(taxiLayer('taxis', { clustered: true })).toMatchObject({ filter: ['!', ['has', 'point_count']] });
    expect(taxiLayer('taxis')).not.toHaveProperty('filter');
    expect(clusterLayer('taxis')).toMatchObject({ filter: ['has', 'point_count'] });
    expect(layoutOf(taxiLayer('taxi-selected', { selected: true }))['icon-size']).toBe(1.2);
    expect(layoutOf(taxiLayer('taxis'))['icon-size']).toBeUndefined();
  });

  it('makes one marker per item, at its position, saying what describe says', () => {
    const markers = taxiMarkers(['a', 'b'], (item) => (item === 'a' ? [-71.2, -32.4] : [-71.3, -32.5]), (item, index) => ({ number: index + 1, stale: false, label: item }));
    expect(markers.features.map((feature) => [feature.geometry.coordinates, feature.properties])).toEqual([
      [[-71.2, -32.4], { number: 1, stale: false, label: 'a' }],
      [[-71.3, -32.5], { number: 2, stale: false, label: 'b' }],
    ]);
  });
});
