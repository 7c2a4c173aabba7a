/**
 * A taxi's and a driver's Documentos, opened from their cards: the current documents and their
 * history with badges, the scanned file downloaded with the session's token, and (Dueño and
 * Administrador) a document added with its file, a file over 5 MB refused before sending, the
 * server's Spanish reasons under the fields, and a document kept when only its file was refused.
 * The day is pinned: 27-11-2026.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { DocumentMessages, type FleetDocument } from '../../../contract/documents';
import { deskUser } from '../../testing/deskRoles';
import { captureDownloads } from '../../testing/downloads';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-27T15:00:00Z'), advanceTimers: true }));
afterEach(() => jest.useRealTimers());

function document(overrides: Partial<FleetDocument> & Pick<FleetDocument, 'id' | 'kind' | 'label' | 'expires_on'>): FleetDocument {
  return { subject: 'vehicle', vehicle_id: 1, driver_id: null, custom_label: null, licence_class: null, number: null, issued_on: null, notes: null, file: null, current: true, created_at: '2026-01-01T12:00:00.000Z', ...overrides };
}

const PDF_FILE = { content_type: 'application/pdf' as const, size_bytes: 2_048, file_name: 'soap-2026.pdf', uploaded_at: '2026-03-01T12:00:00.000Z' };

/**
 * The documents' side of the fake server: what was sent and each upload's headers. (jsdom's File
 * reaches Node's fetch as text, so the bytes are judged where they are real: the server's tests read
 * the type from the content, and the browser journey uploads a PDF.)
 */
function serveDocuments(initial: FleetDocument[]) {
  let documents = [...initial];
  const created: unknown[] = [];
  const uploads: { id: number; contentType: string | null; fileName: string | null }[] = [];
  const fileReads: (string | null)[] = [];
  server.use(
    http.get(`${API}/documents`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const vehicle = Number(query.get('vehicle_id'));
      const driver = Number(query.get('driver_id'));
      return HttpResponse.json({ documents: documents.filter((d) => (vehicle ? d.vehicle_id === vehicle : d.driver_id === driver)) });
    }),
    http.post(`${API}/documents`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      created.push(body);
      if (body.issued_on && String(body.expires_on) < String(body.issued_on)) return HttpResponse.json({ error: 'Revisa los datos ingresados', fields: { expires_on: DocumentMessages.expiryBeforeIssue } }, { status: 400 });
      const saved = document({ id: 70 + documents.length, kind: body.kind as FleetDocument['kind'], label: body.kind === 'revision_tecnica' ? 'Revisión técnica' : String(body.kind), expires_on: String(body.expires_on), number: (body.number as string) || null, vehicle_id: body.vehicle_id as number | null, driver_id: body.driver_id as number | null });
      documents = [...documents, saved];
      return HttpResponse.json({ document: saved }, { status: 201 });
    }),
    http.put(`${API}/documents/:id/file`, async ({ request, params }) => {
      uploads.push({ id: Number(params.id), contentType: request.headers.get('content-type'), fileName: request.headers.get('x-file-name') });
      if (request.headers.get('x-file-name')?.startsWith('falso')) return HttpResponse.json({ error: DocumentMessages.fileType }, { status: 400 });
      const withFile = { ...(documents.find((d) => d.id === Number(params.id)) as FleetDocument), file: { ...PDF_FILE, file_name: decodeURIComponent(request.headers.get('x-file-name') ?? '') } };
      documents = documents.map((d) => (d.id === withFile.id ? withFile : d));
      return HttpResponse.json({ document: withFile });
    }),
    http.get(`${API}/documents/:id/file`, ({ request }) => {
      fileReads.push(request.headers.get('authorization'));
      return new HttpResponse('%PDF-1.4 archivo', { headers: { 'content-type': 'application/pdf' } });
    }),
  );
  return { created, uploads, fileReads };
}

const soap = document({ id: 1, kind: 'soap', label: 'SOAP', number: 'SO-99', expires_on: '2026-11-20', file: PDF_FILE });
const oldTechnical = document({ id: 2, kind: 'revision_tecnica', label: 'Revisión técnica', number: 'RT-1', expires_on: '2026-06-01', current: false });
const technical = document({ id: 3, kind: 'revision_tecnica', label: 'Revisión técnica', number: 'RT-2', expires_on: '2026-12-10' });

async function openDocuments(name = 'BCDF12', page = '/dashboard/vehicles') {
  const view = renderApp(page, { signedIn: true });
  await view.user.click(await screen.findByRole('button', { name: `Documentos de ${name}` }, SLOW));
  return { ...view, dialog: screen.getByRole('dialog', { name: `Documentos de ${name}` }) };
}
const items = (dialog: HTMLElement) => within(dialog).queryAllByRole('listitem').map((item) => item.textContent);
const pdf = (name = 'revision-tecnica.pdf') => new File(['%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'], name, { type: 'application/pdf' });

describe('a taxi’s documents', () => {
  it('lists the current ones with their state and the replaced ones as history', async () => {
    serveDocuments([soap, oldTechnical, technical]);
    const { dialog } = await openDocuments();
    await within(dialog).findByRole('list', { name: 'Documentos de BCDF12' });
    expect(items(dialog)).toEqual([
      'SOAP · N° SO-99 · venció el 20/11/2026VencidoVer archivo',
      'Revisión técnica · N° RT-1 · venció el 01/06/2026 (reemplazado)',
      'Revisión técnica · N° RT-2 · vence el 10/12/2026Vence pronto',
    ]);
  });

  it('says Cargando documentos..., then that the taxi has none', async () => {
    serveDocuments([]);
    server.use(
      http.get(`${API}/documents`, async () => {
        await delay(150);
        return HttpResponse.json({ documents: [] });
      }),
    );
    const { dialog } = await openDocuments();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Cargando documentos...');
    expect(await within(dialog).findByText('Sin documentos registrados.')).toBeInTheDocument();
  });

  it('downloads the scanned file with the session’s token, never by a public address; a failure is said', async () => {
    const api = serveDocuments([soap]);
    const downloads = captureDownloads();
    try {
      const { dialog, user } = await openDocuments();
      await user.click(await within(dialog).findByRole('button', { name: 'Ver archivo de SOAP' }));
      await waitFor(() => expect(downloads.files.map((file) => file.name)).toEqual(['soap-2026.pdf']));
      expect(api.fileReads).toEqual(['Bearer test-token']);

      server.use(http.get(`${API}/documents/:id/file`, () => HttpResponse.json({ error: DocumentMessages.notFound }, { status: 404 })));
      await user.click(within(dialog).getByRole('button', { name: 'Ver archivo de SOAP' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo descargar el archivo');
    } finally {
      downloads.restore();
    }
  });
});

describe('adding a document', () => {
  it('saves a revisión técnica and then its scanned PDF, as it is; the list and the form say so', async () => {
    const api = serveDocuments([]);
    const { dialog, user } = await openDocuments();
    const form = within(dialog).getByRole('form', { name: 'Agregar documento' });
    await user.selectOptions(within(form).getByLabelText('Tipo'), 'Revisión técnica');
    await user.type(within(form).getByLabelText('Número o folio'), 'RT-B-55120');
    await user.type(within(form).getByLabelText('Emisión'), '2026-06-05');
    await user.type(within(form).getByLabelText('Vencimiento'), '2026-12-02');
    await user.upload(within(form).getByLabelText(/^Archivo escaneado/), pdf());
    await user.click(within(form).getByRole('button', { name: 'Guardar documento' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Revisión técnica guardado');
    expect(api.created).toEqual([{ vehicle_id: 1, driver_id: null, kind: 'revision_tecnica', custom_label: '', licence_class: null, number: 'RT-B-55120', issued_on: '2026-06-05', expires_on: '2026-12-02', notes: '' }]);
    expect(api.uploads).toEqual([{ id: 70, contentType: 'application/pdf', fileName: 'revision-tecnica.pdf' }]);
    await waitFor(() => expect(items(dialog)).toEqual(['Revisión técnica · N° RT-B-55120 · vence el 02/12/2026Vence prontoVer archivo']));
    // A fresh form for the next one.
    expect(within(form).getByLabelText('Número o folio')).toHaveValue('');
  });

  it('refuses a file over 5 MB before sending anything', async () => {
    const api = serveDocuments([]);
    const { dialog, user } = await openDocuments();
    const form = within(dialog).getByRole('form', { name: 'Agregar documento' });
    await user.type(within(form).getByLabelText('Vencimiento'), '2027-01-01');
    await user.upload(within(form).getByLabelText(/^Archivo escaneado/), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'escaneo.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: 'Guardar documento' }));
    expect(within(form).getByText('El archivo supera los 5 MB')).toBeInTheDocument();
    expect(api.created).toEqual([]);
    expect(api.uploads).toEqual([]);
  });

  it('shows the server’s reason under the field it concerns, and saves nothing', async () => {
    const api = serveDocuments([]);
    const { dialog, user } = await openDocuments();
    const form = within(dialog).getByRole('form', { name: 'Agregar documento' });
    await user.type(within(form).getByLabelText('Emisión'), '2026-06-05');
    await user.type(within(form).getByLabelText('Vencimiento'), '2026-01-05');
    await user.click(within(form).getByRole('button', { name: 'Guardar documento' }));
    expect(await within(form).findByText(DocumentMessages.expiryBeforeIssue)).toBeInTheDocument();
    expect(within(form).getByLabelText('Vencimiento')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent('Revisa los datos ingresados');
    expect(api.created).toHaveLength(1);
    expect(within(dialog).getByText('Sin documentos registrados.')).toBeInTheDocument();
  });

  it('keeps the document when its file is refused, and says the file was not kept', async () => {
    const api = serveDocuments([]);
    const { dialog, user } = await openDocuments();
    const form = within(dialog).getByRole('form', { name: 'Agregar documento' });
    await user.type(within(form).getByLabelText('Vencimiento'), '2027-01-01');
    await user.upload(within(form).getByLabelText(/^Archivo escaneado/), new File(['no soy un pdf'], 'falso.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: 'Guardar documento' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(`El documento quedó guardado sin archivo: ${DocumentMessages.fileType}`);
    expect(within(form).getAllByText(DocumentMessages.fileType).length).toBeGreaterThan(0);
    expect(api.uploads).toHaveLength(1);
    await waitFor(() => expect(items(dialog)).toEqual(['Revisión técnica · vence el 01/01/2027']));
  });

  it('asks a custom document’s name, and a driver’s licence its class', async () => {
    serveDocuments([]);
    const { dialog, user } = await openDocuments();
    const form = within(dialog).getByRole('form', { name: 'Agregar documento' });
    expect(within(form).queryByLabelText('Nombre del documento')).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Tipo'), 'Otro');
    expect(within(form).getByLabelText('Nombre del documento')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const driver = await openDocuments('Juan Pérez', '/dashboard/drivers');
    const driverForm = within(driver.dialog).getByRole('form', { name: 'Agregar documento' });
    expect(within(within(driverForm).getByLabelText('Tipo')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Licencia profesional', 'Hoja de vida del conductor', 'Credencial', 'Otro']);
    expect(within(driverForm).getByLabelText('Clase')).toHaveValue('A2');
  });

  it('is not offered to the Operador, who reads the documents', async () => {
    deskUser('operador');
    serveDocuments([soap]);
    const { dialog } = await openDocuments();
    await waitFor(() => expect(items(dialog)).toEqual(['SOAP · N° SO-99 · venció el 20/11/2026VencidoVer archivo']));
    expect(within(dialog).queryByRole('form', { name: 'Agregar documento' })).not.toBeInTheDocument();
  });
});
