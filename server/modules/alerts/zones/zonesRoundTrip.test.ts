/**
 * A fleet's own export goes back in on the same route (issue 45): 250 zones of 220 vertices (1.3 MB,
 * past the 1 MB that answered 413 before the import had a limit of its own) are imported, exported,
 * deleted and imported again from the export, unchanged; and the export of the largest set the limits allow,
 * every coordinate at its longest, weighs less than the import's body limit. On PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL. The largest set itself goes through nginx in e2e/threeServers.spec.ts.
 */
import { MAX_ZONE_VERTICES, MAX_ZONES_PER_FLEET, type Zone, type ZoneCollection } from '../../../../contract/alerts';
import { BODY_LIMITS } from '../../../../contract/bodyLimits';
import { apiClient } from '../../../tools/testing/apiClient';
import { createScratchDatabase, type ScratchDatabase } from '../../../tools/testing/scratchDatabase';
import { startTestServer, type TestServer } from '../../../tools/testing/testServer';
import { zoneSet } from '../../../tools/testing/zoneSets';
import { toFeatureCollection } from './zonesGeojson';

const adminUrl = process.env.TEST_DATABASE_URL;
const databases: Array<'pglite' | 'postgres'> = adminUrl ? ['pglite', 'postgres'] : ['pglite'];

describe.each(databases)('on %s', (kind) => {
  let server: TestServer;
  let scratch: ScratchDatabase | null = null;
  let call: ReturnType<typeof apiClient>;
  let token: string;

  beforeAll(async () => {
    scratch = kind === 'postgres' ? await createScratchDatabase(adminUrl as string, 'flota_zones') : null;
    server = await startTestServer(scratch ? { databaseUrl: scratch.url } : {});
    call = apiClient(server.url);
    token = await server.login();
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
  });

  it('imports 250 zones of 220 vertices, and takes their export back on the same route after they are deleted', async () => {
    const set = zoneSet(250, 220);
    expect(JSON.stringify(set).length).toBeGreaterThan(BODY_LIMITS.default);
    const first = await call('/api/zones/import', { method: 'POST', token, json: set });
    expect([first.status, first.body.zones?.length]).toEqual([201, 250]);

    const exported = await call('/api/zones/export', { token });
    expect(exported.status).toBe(200);
    const file = exported.body as ZoneCollection;
    expect(file.features).toHaveLength(250);
    // The fleet starts over (straight in the database: 250 DELETE requests would be most of the test's time).
    await server.db.deleteFrom('zones').where('owner_id', '=', server.seed.ownerId).execute();

    const again = await call('/api/zones/import', { method: 'POST', token, json: file });
    expect([again.status, again.body.zones?.length]).toEqual([201, 250]);
    const shape = (zone: Zone) => ({ name: zone.name, kind: zone.kind, color: zone.color, geometry: zone.geometry, speed_limit_kmh: zone.speed_limit_kmh, dwell_minutes: zone.dwell_minutes, active_hours: zone.active_hours });
    expect((again.body.zones as Zone[]).map(shape)).toEqual((first.body.zones as Zone[]).map(shape));
    // The stored zones are the file's, coordinate for coordinate.
    expect((first.body.zones as Zone[]).map((zone) => zone.geometry)).toEqual(set.features.map((feature) => feature.geometry));
  }, 180_000);
});

it('the export of the largest set the limits allow, every coordinate at its longest, fits the import’s body limit', () => {
  // Longitudes past -100 and latitudes past -10 take the most characters at 1e-7°.
  const widest = zoneSet(MAX_ZONES_PER_FLEET, MAX_ZONE_VERTICES);
  const zones: Zone[] = widest.features.map((feature, i) => {
    const ring = (feature.geometry as { coordinates: [number, number][][] }).coordinates[0].map(([x, y]): [number, number] => [x - 108.7654321, y - 56.7654321]);
    return { id: i + 1, ...(feature.properties as Omit<Zone, 'id' | 'geometry' | 'radius_m' | 'created_at' | 'updated_at'>), geometry: { type: 'Polygon', coordinates: [ring] }, radius_m: null, created_at: '', updated_at: '' };
  });
  const exported = JSON.stringify(toFeatureCollection(zones));
  expect(zones[0].geometry.type === 'Polygon' && zones[0].geometry.coordinates[0]).toHaveLength(MAX_ZONE_VERTICES + 1);
  expect(Buffer.byteLength(exported)).toBeGreaterThan(13 * 1024 * 1024);
  expect(Buffer.byteLength(exported)).toBeLessThanOrEqual(BODY_LIMITS.zonesImport);
});
