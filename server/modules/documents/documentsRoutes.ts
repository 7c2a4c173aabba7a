/**
 * /api/documents and /api/expiries: a vehicle's and a driver's documents, their scanned files, what
 * expires, and the fleet's settings. Every query is scoped to the signed-in fleet: another fleet's
 * document, an unknown id and a malformed one answer the same 404. Every change is in Actividad.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DocumentMessages,
  MAX_DOCUMENT_FILE_BYTES,
  type DocumentFileType,
  type DocumentResponse,
  type DocumentsResponse,
  type ExpiriesResponse,
  type FleetDocument,
} from '../../../contract/documents';
import { BODY_LIMITS } from '../../../contract/bodyLimits';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError, Messages } from '../../platform/errors';
import { idParam } from '../../platform/params';
import type { DocumentRules } from './documentRules';
import { deleteDocument, deleteFile, findDocument, insertDocument, listDocuments, putFile, readFile, subjectExists, syncLicenceExpiry, updateDocument } from './documentsRepo';
import { currentExpiries, windowEnd } from './expiries';
import { contentDisposition, documentFileName } from './fileName';
import { sniffFileType } from './fileType';
import { retirements } from './retirement';
import type { RouteApp } from '../../platform/routeSpec';
import { routeSpecs } from './routeSpecs';
import { readDocumentSettings, writeDocumentSettings } from './settingsRepo';

interface Options {
  db: Kysely<Database>;
  rules: DocumentRules;
}

/** Bodies up to this size reach the handler, which refuses above 5 MB with its own text; beyond it the server's 413. */
const UPLOAD_BODY_LIMIT = BODY_LIMITS.documentFile;

/** What Actividad keeps of a document: its fields, never the file's bytes. */
function auditFields(document: FleetDocument | null) {
  if (!document) return null;
  const { file, current: _current, created_at: _created, label: _label, ...fields } = document;
  return { ...fields, archivo: file ? `${file.file_name ?? 'archivo'} (${file.content_type}, ${file.size_bytes} bytes)` : null };
}

function fileNameHeader(request: FastifyRequest): string | null {
  const raw = request.headers['x-file-name'];
  if (typeof raw !== 'string' || !raw) return null;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  // Only a name to show: no folders, no control characters, 120 characters at most.
  const clean = name.replace(/[\\/]/g, '_').replace(/\p{Cc}/gu, '').trim().slice(0, 120);
  return clean || null;
}

/** What the groups of document routes share: a document or its 404, and the licence sync after a change. */
function documentHelpers({ db, rules }: Options) {
  async function documentOr404(owner: number, id: number): Promise<FleetDocument> {
    const document = await findDocument(db, owner, id);
    if (!document) throw new HttpError(404, DocumentMessages.notFound);
    return document;
  }

  async function afterLicenceChange(trx: Kysely<Database>, owner: number, document: Pick<FleetDocument, 'kind' | 'driver_id'>): Promise<void> {
    if (document.kind === 'licencia' && document.driver_id !== null) await syncLicenceExpiry(trx, owner, document.driver_id);
  }

  const entityLabel = (document: FleetDocument) => `${document.label} ${document.number ?? ''}`.trim();

  return { db, rules, documentOr404, afterLicenceChange, entityLabel };
}

type Helpers = ReturnType<typeof documentHelpers>;

/** The documents themselves: list, create, change, delete. */
function documentRecordRoutes(app: RouteApp, { db, rules, documentOr404, afterLicenceChange, entityLabel }: Helpers) {
  app.get('/documents', routeSpecs.listDocuments, async (request): Promise<DocumentsResponse> => {
    const query = request.query;
    return { documents: await listDocuments(db, ownerId(request), { vehicleId: query.vehicle_id, driverId: query.driver_id }) };
  });

  app.post('/documents', routeSpecs.createDocument, async (request, reply): Promise<DocumentResponse> => {
    const owner = ownerId(request);
    const input = request.body;
    const document = await db.transaction().execute(async (trx) => {
      if (!(await subjectExists(trx, owner, { vehicleId: input.vehicle_id, driverId: input.driver_id }))) {
        throw new HttpError(404, input.vehicle_id !== null ? Messages.vehicleNotFound : Messages.driverNotFound);
      }
      const id = await insertDocument(trx, owner, input);
      await afterLicenceChange(trx, owner, input);
      const created = (await findDocument(trx, owner, id)) as FleetDocument;
      await recordActivity(trx, request, { entity: 'document', entityId: id, label: entityLabel(created), action: 'created', after: auditFields(created) });
      return created;
    });
    rules.changed(owner);
    reply.code(201);
    return { document };
  });

  app.put('/documents/:id', routeSpecs.updateDocument, async (request): Promise<DocumentResponse> => {
    const owner = ownerId(request);
    const id = idParam(request.params, DocumentMessages.notFound);
    const before = await documentOr404(owner, id);
    const input = request.body;
    if (input.kind !== before.kind) throw new HttpError(400, DocumentMessages.kind, { kind: 'El tipo de documento no cambia: agrega uno nuevo' });
    const document = await db.transaction().execute(async (trx) => {
      await updateDocument(trx, owner, id, input);
      await afterLicenceChange(trx, owner, before);
      const after = (await findDocument(trx, owner, id)) as FleetDocument;
      await recordActivity(trx, request, { entity: 'document', entityId: id, label: entityLabel(after), action: 'updated', before: auditFields(before), after: auditFields(after) });
      return after;
    });
    rules.changed(owner);
    return { document };
  });

  app.delete('/documents/:id', routeSpecs.deleteDocument, async (request): Promise<{ ok: true }> => {
    const owner = ownerId(request);
    const id = idParam(request.params, DocumentMessages.notFound);
    const before = await documentOr404(owner, id);
    await db.transaction().execute(async (trx) => {
      await deleteDocument(trx, owner, id);
      await afterLicenceChange(trx, owner, before);
      await recordActivity(trx, request, { entity: 'document', entityId: id, label: entityLabel(before), action: 'deleted', before: auditFields(before) });
    });
    rules.changed(owner);
    return { ok: true };
  });
}

/** A document's file: upload (its own plugin, any Content-Type as bytes), download, delete. */
async function documentFileRoutes(app: RouteApp, { db, documentOr404, entityLabel }: Helpers) {
  // The file's own plugin: any Content-Type arrives as bytes here (the type is read from the content).
  await app.register(async (files) => {
    files.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body));
    files.removeContentTypeParser(['application/json', 'text/plain']);
    files.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body));

    files.put('/documents/:id/file', { ...routeSpecs.putDocumentFile, bodyLimit: UPLOAD_BODY_LIMIT }, async (request): Promise<DocumentResponse> => {
      const owner = ownerId(request);
      const id = idParam(request.params, DocumentMessages.notFound);
      const before = await documentOr404(owner, id);
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!data.byteLength) throw new HttpError(400, DocumentMessages.fileEmpty, { file: DocumentMessages.fileEmpty });
      if (data.byteLength > MAX_DOCUMENT_FILE_BYTES) throw new HttpError(413, DocumentMessages.fileTooLarge, { file: DocumentMessages.fileTooLarge });
      const contentType = sniffFileType(data);
      if (!contentType) throw new HttpError(400, DocumentMessages.fileType, { file: DocumentMessages.fileType });
      const sent = fileNameHeader(request);
      const document = await db.transaction().execute(async (trx) => {
        await putFile(trx, owner, id, { contentType, data, fileName: sent === null ? null : documentFileName(sent, contentType, id) });
        const after = (await findDocument(trx, owner, id)) as FleetDocument;
        await recordActivity(trx, request, { entity: 'document', entityId: id, label: entityLabel(after), action: 'updated', before: auditFields(before), after: auditFields(after) });
        return after;
      });
      return { document };
    });
  });

  app.get('/documents/:id/file', routeSpecs.getDocumentFile, async (request, reply) => {
    const owner = ownerId(request);
    const id = idParam(request.params, DocumentMessages.notFound);
    const file = await readFile(db, owner, id);
    if (!file) throw new HttpError(404, DocumentMessages.fileNotFound);
    // A name saved before names were cleaned on upload is cleaned here too (fileName.ts).
    const name = documentFileName(file.file_name, file.content_type as DocumentFileType, id);
    // A scanned licence or SOAP is personal data: no shared cache keeps it, and the browser never guesses its type.
    // Bytes, not the text the document describes: sent untyped by the response schema.
    return (reply as FastifyReply)
      .header('content-type', file.content_type)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(name))
      .send(Buffer.from(file.data));
  });

  app.delete('/documents/:id/file', routeSpecs.deleteDocumentFile, async (request): Promise<DocumentResponse> => {
    const owner = ownerId(request);
    const id = idParam(request.params, DocumentMessages.notFound);
    const before = await documentOr404(owner, id);
    const document = await db.transaction().execute(async (trx) => {
      if (!(await deleteFile(trx, owner, id))) throw new HttpError(404, DocumentMessages.fileNotFound);
      const after = (await findDocument(trx, owner, id)) as FleetDocument;
      await recordActivity(trx, request, { entity: 'document', entityId: id, label: entityLabel(after), action: 'updated', before: auditFields(before), after: auditFields(after) });
      return after;
    });
    return { document };
  });
}

/** Vencimientos and their settings. */
function expiryRoutes(app: RouteApp, { db, rules }: Helpers) {
  app.get('/expiries', routeSpecs.listExpiries, async (request): Promise<ExpiriesResponse> => {
    const owner = ownerId(request);
    const query = request.query;
    const settings = await readDocumentSettings(db, owner);
    const days = query.days ?? settings.window_days;
    const today = rules.today();
    const [expiries, retiring] = await Promise.all([currentExpiries(db, owner, today, windowEnd(today, days)), retirements(db, owner, today, days, settings.max_vehicle_age_years)]);
    return { today, window_days: days, expiries, retirements: retiring };
  });

  app.get('/documents/settings', routeSpecs.getDocumentSettings, async (request) => ({ settings: await readDocumentSettings(db, ownerId(request)) }));

  app.put('/documents/settings', routeSpecs.putDocumentSettings, async (request) => {
    const owner = ownerId(request);
    const settings = request.body;
    const before = await readDocumentSettings(db, owner);
    await db.transaction().execute(async (trx) => {
      await writeDocumentSettings(trx, owner, settings);
      await recordActivity(trx, request, { entity: 'document', entityId: null, label: 'Ajustes de vencimientos', action: 'updated', before, after: settings });
    });
    rules.changed(owner);
    return { settings };
  });
}

export const documentsRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const helpers = documentHelpers(options);
  documentRecordRoutes(app, helpers);
  await documentFileRoutes(app, helpers);
  expiryRoutes(app, helpers);
};
