/**
 * Vencimientos through the real server (PGlite): documents of a taxi and of a driver, their dates'
 * rules, scanned files (type from the content, 5 MB, never another fleet's, never without a token,
 * never cached), the Vencimientos list, and dispatch keeping a taxi with an expired document out.
 */
import { DEMO_PASSWORD } from '../../tools/seed/demoFleet';
import { createBooking, freeDemoDrivers, PICKUP, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../tools/testing/testServer';
import { addDays, zonedDate } from '../../platform/timeZone';
import type { Expiry, FleetDocument } from '../../../contract/documents';

let server: TestServer;
let desk: string;
let vehicleId: number;
let plate: string;
const today = () => zonedDate(new Date(), 'America/Santiago');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  server = await startTestServer();
  desk = await server.login();
  const vehicle = await server.db.selectFrom('vehicles').select(['id', 'plate_number']).where('owner_id', '=', server.seed.ownerId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  vehicleId = vehicle.id;
  plate = vehicle.plate_number;
}, 90_000);
afterAll(async () => server?.close());

const call = (path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, path, { token: desk, ...init });

function upload(id: number, body: Buffer, token: string | null = desk, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/documents/${id}/file`, {
    method: 'PUT',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/pdf', ...headers },
    body: new Uint8Array(body),
  });
}

async function createDocument(json: Record<string, unknown>): Promise<FleetDocument> {
  const created = await call('/api/documents', { json });
  expect(created.status).toBe(201);
  return created.body.document;
}

describe('documents of a vehicle', () => {
  it('adds a revisión técnica expiring in 5 days with a scanned PDF; Vencimientos lists it by date', async () => {
    const document = await createDocument({ vehicle_id: vehicleId, kind: 'revision_tecnica', number: 'RT-4411', issued_on: addDays(today(), -175), expires_on: addDays(today(), 5) });
    expect(document).toMatchObject({ subject: 'vehicle', label: 'Revisión técnica', current: true, file: null });
    const uploaded = await upload(document.id, PDF, desk, { 'x-file-name': encodeURIComponent('revisión técnica.pdf') });
    expect(uploaded.status).toBe(200);
    expect(((await uploaded.json()) as { document: FleetDocument }).document.file).toMatchObject({ content_type: 'application/pdf', size_bytes: PDF.length, file_name: 'revisión técnica.pdf' });

    const expiries = await call('/api/expiries');
    expect(expiries.body).toMatchObject({ today: today(), window_days: 60 });
    const item = (expiries.body.expiries as Expiry[]).find((e) => e.document_id === document.id);
    expect(item).toMatchObject({ name: plate, label: 'Revisión técnica', days_left: 5, status: 'por_vencer', required: true, has_file: true });
    // By date: the demo's expired licences come first.
    const dates = (expiries.body.expiries as Expiry[]).map((e) => e.expires_on);
    expect(dates).toEqual([...dates].sort());
    expect((expiries.body.expiries as Expiry[]).filter((e) => e.status === 'vencido').every((e) => e.days_left < 0)).toBe(true);
  });

  it('refuses an expiry before the issue date, a kind that is not a vehicle’s, and a custom kind without a name, in Spanish, saving nothing', async () => {
    const before = (await call(`/api/documents?vehicle_id=${vehicleId}`)).body.documents.length;
    const backwards = await call('/api/documents', { json: { vehicle_id: vehicleId, kind: 'soap', issued_on: '2026-05-01', expires_on: '2026-04-30' } });
    expect(backwards).toMatchObject({ status: 400, body: { fields: { expires_on: 'El vencimiento no puede ser anterior a la emisión' } } });
    const licence = await call('/api/documents', { json: { vehicle_id: vehicleId, kind: 'licencia', expires_on: '2027-01-01' } });
    expect(licence).toMatchObject({ status: 400, body: { fields: { kind: 'Ese tipo de documento no corresponde a un vehículo' } } });
    const nameless = await call('/api/documents', { json: { vehicle_id: vehicleId, kind: 'otro', expires_on: '2027-01-01' } });
    expect(nameless).toMatchObject({ status: 400, body: { fields: { custom_label: 'Indica el nombre del documento' } } });
    const badDate = await call('/api/documents', { json: { vehicle_id: vehicleId, kind: 'soap', expires_on: '2027-02-30' } });
    expect(badDate).toMatchObject({ status: 400, body: { fields: { expires_on: 'Fecha de vencimiento inválida' } } });
    expect((await call(`/api/documents?vehicle_id=${vehicleId}`)).body.documents).toHaveLength(before);
  });

  it('keeps a renewed document as history: only the newest of a kind is current and listed', async () => {
    const old = await createDocument({ vehicle_id: vehicleId, kind: 'soap', number: 'SOAP-2025', expires_on: addDays(today(), -10) });
    const renewed = await createDocument({ vehicle_id: vehicleId, kind: 'soap', number: 'SOAP-2026', expires_on: addDays(today(), 20) });
    const listed = (await call(`/api/documents?vehicle_id=${vehicleId}`)).body.documents as FleetDocument[];
    expect(listed.find((d) => d.id === old.id)).toMatchObject({ current: false });
    expect(listed.find((d) => d.id === renewed.id)).toMatchObject({ current: true });
    const soaps = ((await call('/api/expiries')).body.expiries as Expiry[]).filter((e) => e.vehicle_id === vehicleId && e.kind === 'soap');
    expect(soaps.map((e) => e.number)).toEqual(['SOAP-2026']);
  });

  it('records each change in Actividad', async () => {
    const activity = await call('/api/activity?entity=document');
    expect(activity.status).toBe(200);
    expect(activity.body.entries.map((e: { entity_label: string; action: string }) => `${e.action} ${e.entity_label}`)).toEqual(expect.arrayContaining(['created Revisión técnica RT-4411', 'updated Revisión técnica RT-4411']));
  });
});

describe('files', () => {
  let documentId: number;
  beforeAll(async () => {
    documentId = (await createDocument({ vehicle_id: vehicleId, kind: 'permiso_circulacion', expires_on: addDays(today(), 150) })).id;
    expect((await upload(documentId, PDF)).status).toBe(200);
  });

  it('serves the file to the fleet’s desk only, private and never stored by a cache', async () => {
    const response = await fetch(`${server.url}/api/documents/${documentId}/file`, { headers: { authorization: `Bearer ${desk}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    // The operator reads it too.
    const operator = await server.login('66666662', DEMO_PASSWORD);
    expect((await fetch(`${server.url}/api/documents/${documentId}/file`, { headers: { authorization: `Bearer ${operator}` } })).status).toBe(200);
  });

  it('never serves it without a token or to another fleet', async () => {
    const anonymous = await fetch(`${server.url}/api/documents/${documentId}/file`);
    expect(anonymous.status).toBe(401);
    await createSecondOwner(server.db);
    const other = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
    const foreign = await fetch(`${server.url}/api/documents/${documentId}/file`, { headers: { authorization: `Bearer ${other}` } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: 'El documento no tiene archivo' });
    // Nor may the other fleet replace or remove it.
    expect((await upload(documentId, PDF, other)).status).toBe(404);
    expect((await apiCall(server.url, `/api/documents/${documentId}/file`, { token: other, method: 'DELETE' })).status).toBe(404);
    expect((await apiCall(server.url, `/api/documents?vehicle_id=${vehicleId}`, { token: other })).body.documents).toEqual([]);
  });

  it('judges the type by the content: a text file named .pdf, an empty body and a file over 5 MB are refused, the stored file kept', async () => {
    const fake = await upload(documentId, Buffer.from('esto no es un PDF'), desk, { 'x-file-name': 'soap.pdf' });
    expect(fake.status).toBe(400);
    expect(await fake.json()).toEqual({ error: 'El archivo debe ser PDF, JPEG o PNG', fields: { file: 'El archivo debe ser PDF, JPEG o PNG' } });
    const empty = await upload(documentId, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe('El archivo está vacío');
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(documentId, big);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: string }).error).toBe('El archivo supera los 5 MB');
    // A PNG sent as application/json is still a PNG.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const stored = await fetch(`${server.url}/api/documents/${documentId}/file`, { headers: { authorization: `Bearer ${desk}` } });
    expect(Buffer.from(await stored.arrayBuffer()).equals(PDF)).toBe(true);
    const asJson = await upload(documentId, png, desk, { 'content-type': 'application/json' });
    expect(asJson.status).toBe(200);
    expect(((await asJson.json()) as { document: FleetDocument }).document.file).toMatchObject({ content_type: 'image/png', size_bytes: png.length });
  });

  it('keeps and serves only the letters, digits, spaces, dots, dashes and underscores of a file’s name, with its real type’s extension', async () => {
    const served = async () => {
      const response = await fetch(`${server.url}/api/documents/${documentId}/file`, { headers: { authorization: `Bearer ${desk}` } });
      await response.arrayBuffer();
      return response.headers.get('content-disposition');
    };
    // A PDF named like a web page, with a right-to-left override: shown as "licencia" + "lmth.fdp".
    const uploaded = await upload(documentId, PDF, desk, { 'x-file-name': encodeURIComponent('Licencia Ñuble_2026 <b>\u202Epdf.html') });
    expect(uploaded.status).toBe(200);
    expect(((await uploaded.json()) as { document: FleetDocument }).document.file?.file_name).toBe('Licencia Ñuble_2026 bpdf.pdf');
    expect(await served()).toBe(`inline; filename="Licencia Nuble_2026 bpdf.pdf"; filename*=UTF-8''${encodeURIComponent('Licencia Ñuble_2026 bpdf.pdf')}`);
    // A name saved before the cleaning (an older row) is served cleaned, and listed so.
    await server.db.updateTable('document_files').set({ file_name: 'a\r\nb\u202E\u2066 "x";.html' }).where('document_id', '=', documentId).execute();
    expect(await served()).toBe(`inline; filename="ab x.pdf"; filename*=UTF-8''ab%20x.pdf`);
    const listed = (await call(`/api/documents?vehicle_id=${vehicleId}`)).body.documents as FleetDocument[];
    expect(listed.find((d) => d.id === documentId)?.file?.file_name).toBe('ab x.pdf');
    // Nothing of the name left: the document's own.
    await server.db.updateTable('document_files').set({ file_name: '\u202E.html' }).where('document_id', '=', documentId).execute();
    expect(await served()).toBe(`inline; filename="documento-${documentId}.pdf"; filename*=UTF-8''documento-${documentId}.pdf`);
    expect((await upload(documentId, PDF)).status).toBe(200);
  });

  it('lets the operator read documents but not change them', async () => {
    const operator = await server.login('66666662', DEMO_PASSWORD);
    expect((await apiCall(server.url, `/api/documents?vehicle_id=${vehicleId}`, { token: operator })).status).toBe(200);
    expect((await apiCall(server.url, '/api/documents', { token: operator, json: { vehicle_id: vehicleId, kind: 'soap', expires_on: '2027-01-01' } })).status).toBe(403);
    expect((await upload(documentId, PDF, operator)).status).toBe(403);
  });
});

describe('a driver’s licence', () => {
  it('keeps the driver’s licence date in step with the current licence document', async () => {
    const [driver] = await freeDemoDrivers(server.db, server.seed.ownerId);
    const document = await createDocument({ driver_id: driver.id, kind: 'licencia', licence_class: 'A2', number: 'A2-777', expires_on: addDays(today(), 400) });
    expect(document).toMatchObject({ subject: 'driver', licence_class: 'A2' });
    const stored = await server.db.selectFrom('drivers').select(['license_expiry', 'license_number']).where('id', '=', driver.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ license_expiry: addDays(today(), 400), license_number: 'A2-777' });
    const badClass = await call('/api/documents', { json: { driver_id: driver.id, kind: 'licencia', licence_class: 'B', expires_on: '2030-01-01' } });
    expect(badClass).toMatchObject({ status: 400, body: { fields: { licence_class: 'Clase de licencia inválida: A1, A2 o A3' } } });
  });
});

describe('dispatch', () => {
  let valid: TaxiOnShift;
  let lapsed: TaxiOnShift;
  let lapsedName: string;
  beforeAll(async () => {
    const free = await freeDemoDrivers(server.db, server.seed.ownerId);
    const [a, b] = free.slice(-2);
    // b's licence expired 40 days ago, as the issue saw.
    await createDocument({ driver_id: b.id, kind: 'licencia', licence_class: 'A2', expires_on: addDays(today(), -40) });
    valid = await putOnShift(server.url, a, 600);
    lapsed = await putOnShift(server.url, b, 300);
    const row = await server.db.selectFrom('drivers').select(['first_name', 'last_name']).where('id', '=', b.id).executeTakeFirstOrThrow();
    lapsedName = `${row.first_name} ${row.last_name}`;
  }, 60_000);

  const expiredText = () => {
    const [yy, mm, dd] = addDays(today(), -40).split('-');
    return `Licencia profesional de ${lapsedName} venció el ${dd}/${mm}/${yy}`;
  };

  it('keeps a driver whose licence expired out of the candidates, and says why', async () => {
    const answer = await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`);
    expect(answer.status).toBe(200);
    expect(answer.body.candidates.map((c: { driver_id: number }) => c.driver_id)).toEqual([valid.driverId]);
    expect(answer.body.excluded).toEqual([expect.objectContaining({ driver_id: lapsed.driverId, reasons: [expiredText()] })]);
  });

  it('offers the booking to the valid taxi even though the lapsed one is nearer', async () => {
    const id = await createBooking(server.url, desk);
    const offered = await call(`/api/dispatch/bookings/${id}/offer`, { json: {} });
    expect(offered.body.booking).toMatchObject({ status: 'ofrecido', offer: { driver_id: valid.driverId } });
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });

  it('only warns when the fleet says so: the taxi is a candidate with the reason', async () => {
    const settings = (await call('/api/documents/settings')).body.settings;
    expect(settings).toMatchObject({ dispatch_mode: 'bloquear', window_days: 60, reminder_days: [30, 15, 7, 1, 0], reminder_hour: 9 });
    expect((await call('/api/documents/settings', { method: 'PUT', json: { ...settings, dispatch_mode: 'advertir' } })).status).toBe(200);
    const answer = await call(`/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`);
    expect(answer.body.excluded).toEqual([]);
    expect(answer.body.candidates[0]).toMatchObject({ driver_id: lapsed.driverId, document_warnings: [expiredText()] });
    await call('/api/documents/settings', { method: 'PUT', json: settings });
  });
  it('assigns directly only with an explicit confirmation, recorded in Actividad', async () => {
    const id = await createBooking(server.url, desk);
    const refused = await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: lapsed.driverId } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`Documentos vencidos: ${expiredText()}. Confirma para asignar de todos modos`);
    expect((await call(`/api/dispatch/bookings/${id}`)).body.booking.status).toBe('pendiente');
    const confirmed = await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: lapsed.driverId, confirm_expired_documents: true } });
    expect(confirmed.body.booking).toMatchObject({ status: 'asignado', driver_id: lapsed.driverId });
    const activity = (await call('/api/activity?entity=booking')).body.entries as Array<{ action: string; entity_id: number; changes: Record<string, { after: unknown }> }>;
    expect(activity.find((e) => e.entity_id === id && e.action === 'assigned_despite_documents')?.changes).toEqual({ documentos_vencidos: { before: null, after: expiredText() } });
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });

  it('tells the driver on /conductor why offers do not reach them', async () => {
    const mine = await apiCall(server.url, '/api/driver/documents', { token: lapsed.token });
    expect(mine.status).toBe(200);
    expect(mine.body.blocked_reasons).toEqual([expiredText()]);
    expect(mine.body.documents).toEqual([expect.objectContaining({ kind: 'licencia', status: 'vencido', days_left: -40 })]);
    expect((await apiCall(server.url, '/api/driver/documents', { token: valid.token })).body.blocked_reasons).toEqual([]);
  });

});
