import { conductorPageUrl, osmandServerUrl, traccarClientConfigUrl } from './phoneSetup';

describe("a driver's phone setup", () => {
  it('points the phone at /osmand on the server that serves the API', () => {
    expect(osmandServerUrl('/api', 'https://flota.example.cl/dashboard/drivers')).toBe('https://flota.example.cl/osmand');
    expect(osmandServerUrl('https://flota.example.cl/api/', 'https://intranet.example.cl/flota#/drivers')).toBe('https://flota.example.cl/osmand');
    expect(osmandServerUrl('https://proxy.example.cl/taxis/api', 'https://intranet.example.cl/')).toBe('https://proxy.example.cl/taxis/osmand');
  });

  it('the QR link carries the server URL, the identifier and the suggested settings for Traccar Client', () => {
    const link = new URL(traccarClientConfigUrl('https://flota.example.cl/osmand', 'a1b2c3'));
    expect(`${link.origin}${link.pathname}`).toBe('https://flota.example.cl/osmand');
    expect(Object.fromEntries(link.searchParams)).toEqual({ id: 'a1b2c3', accuracy: 'high', distance: '0', interval: '10' });
  });

  it('the driver page link carries the fleet code when the fleet has one', () => {
    expect(conductorPageUrl('/api', 'https://flota.example.cl/dashboard', 'K7P4QX')).toBe('https://flota.example.cl/conductor?flota=K7P4QX');
    expect(conductorPageUrl('/api', 'https://flota.example.cl/dashboard', undefined)).toBe('https://flota.example.cl/conductor');
  });
});
