/**
 * Documents in the database: every query scoped to the fleet. A renewal is a new row; the "current"
 * document of a kind is the one that expires last (a window function decides, so history needs no
 * flag to keep in step). Files live in document_files beside their document.
 */
import { sql, type Kysely } from 'kysely';
import { documentKindLabels, type DocumentCreate, type DocumentFileType, type DocumentKind, type DocumentUpdate, type FleetDocument } from '../../../contract/documents';
import type { Database } from '../../platform/db/schema';
import { documentFileName } from './fileName';
import { driverRows, setLicence } from '../drivers';
import { vehicleRows } from '../vehicles';

/** The partition that makes a document "the same kind" as another: whose, the kind, and a custom kind's name. */
const currentRank = sql<number>`row_number() over (partition by d.vehicle_id, d.driver_id, d.kind, lower(coalesce(d.custom_label, '')) order by d.expires_on desc, d.id desc)`;

export function documentLabel(kind: string, customLabel: string | null): string {
  return kind === 'otro' ? (customLabel ?? 'Otro') : documentKindLabels[kind as DocumentKind];
}

function rankedDocuments(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('documents as d')
    .leftJoin('document_files as f', 'f.document_id', 'd.id')
    .select([
      'd.id',
      'd.vehicle_id',
      'd.driver_id',
      'd.kind',
      'd.custom_label',
      'd.licence_class',
      'd.number',
      'd.issued_on',
      'd.expires_on',
      'd.notes',
      'd.created_at',
      'f.content_type',
      'f.size_bytes',
      'f.file_name',
      'f.uploaded_at',
      currentRank.as('rank'),
    ])
    .where('d.owner_id', '=', ownerId);
}

type RankedRow = Awaited<ReturnType<ReturnType<typeof rankedDocuments>['execute']>>[number];

function toDocument(row: RankedRow): FleetDocument {
  return {
    id: row.id,
    subject: row.vehicle_id !== null ? 'vehicle' : 'driver',
    vehicle_id: row.vehicle_id,
    driver_id: row.driver_id,
    kind: row.kind as DocumentKind,
    label: documentLabel(row.kind, row.custom_label),
    custom_label: row.custom_label,
    licence_class: row.licence_class as FleetDocument['licence_class'],
    number: row.number,
    issued_on: row.issued_on,
    expires_on: row.expires_on,
    notes: row.notes,
    file:
      row.content_type !== null && row.uploaded_at !== null
        ? { content_type: row.content_type as 'application/pdf', size_bytes: Number(row.size_bytes), file_name: row.file_name === null ? null : documentFileName(row.file_name, row.content_type as DocumentFileType, row.id), uploaded_at: new Date(row.uploaded_at).toISOString() }
        : null,
    current: Number(row.rank) === 1,
    created_at: row.created_at.toISOString(),
  };
}

/** A vehicle's or a driver's documents (or the whole fleet's), newest expiry first. */
export async function listDocuments(db: Kysely<Database>, ownerId: number, filter: { vehicleId?: number; driverId?: number }): Promise<FleetDocument[]> {
  let query = rankedDocuments(db, ownerId);
  if (filter.vehicleId) query = query.where('d.vehicle_id', '=', filter.vehicleId);
  if (filter.driverId) query = query.where('d.driver_id', '=', filter.driverId);
  const rows = await query.orderBy('d.expires_on', 'desc').orderBy('d.id', 'desc').execute();
  return rows.map(toDocument);
}

export async function findDocument(db: Kysely<Database>, ownerId: number, id: number): Promise<FleetDocument | null> {
  const stored = await db.selectFrom('documents').select(['vehicle_id', 'driver_id']).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  if (!stored) return null;
  const siblings = await listDocuments(db, ownerId, stored.vehicle_id !== null ? { vehicleId: stored.vehicle_id } : { driverId: stored.driver_id ?? 0 });
  return siblings.find((document) => document.id === id) ?? null;
}

export async function insertDocument(db: Kysely<Database>, ownerId: number, input: DocumentCreate): Promise<number> {
  const row = await db
    .insertInto('documents')
    .values({
      owner_id: ownerId,
      vehicle_id: input.vehicle_id,
      driver_id: input.driver_id,
      kind: input.kind,
      custom_label: input.custom_label,
      licence_class: input.licence_class,
      number: input.number,
      issued_on: input.issued_on,
      expires_on: input.expires_on,
      notes: input.notes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDocument(db: Kysely<Database>, ownerId: number, id: number, input: DocumentUpdate): Promise<void> {
  await db
    .updateTable('documents')
    .set({
      custom_label: input.custom_label,
      licence_class: input.kind === 'licencia' ? input.licence_class : null,
      number: input.number,
      issued_on: input.issued_on,
      expires_on: input.expires_on,
      notes: input.notes,
      updated_at: sql<Date>`now()`,
    })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDocument(db: Kysely<Database>, ownerId: number, id: number): Promise<void> {
  await db.deleteFrom('documents').where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

/** The driver's licence date follows the current licence document (the spec's `license_expiry` field stays the licence's expiry). */
export async function syncLicenceExpiry(db: Kysely<Database>, ownerId: number, driverId: number): Promise<void> {
  const current = await db
    .selectFrom('documents')
    .select(['expires_on', 'number'])
    .where('owner_id', '=', ownerId)
    .where('driver_id', '=', driverId)
    .where('kind', '=', 'licencia')
    .orderBy('expires_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!current) return;
  await setLicence(db, ownerId, driverId, { expiresOn: current.expires_on, number: current.number });
}

export async function putFile(db: Kysely<Database>, ownerId: number, documentId: number, file: { contentType: string; data: Uint8Array; fileName: string | null }): Promise<void> {
  const values = { content_type: file.contentType, size_bytes: file.data.byteLength, file_name: file.fileName, data: file.data, uploaded_at: sql<Date>`now()` };
  await db
    .insertInto('document_files')
    .values({ document_id: documentId, owner_id: ownerId, ...values })
    .onConflict((c) => c.column('document_id').doUpdateSet(values))
    .execute();
}

export async function readFile(db: Kysely<Database>, ownerId: number, documentId: number) {
  return db
    .selectFrom('document_files')
    .select(['content_type', 'file_name', 'data'])
    .where('owner_id', '=', ownerId)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
}

export async function deleteFile(db: Kysely<Database>, ownerId: number, documentId: number): Promise<boolean> {
  const result = await db.deleteFrom('document_files').where('owner_id', '=', ownerId).where('document_id', '=', documentId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The subject exists, is the fleet's and is not deleted. */
export async function subjectExists(db: Kysely<Database>, ownerId: number, subject: { vehicleId: number | null; driverId: number | null }): Promise<boolean> {
  const row =
    subject.vehicleId !== null
      ? await db.selectFrom(vehicleRows(db).as('v')).select('id').where('owner_id', '=', ownerId).where('id', '=', subject.vehicleId).where('deleted_at', 'is', null).executeTakeFirst()
      : await db.selectFrom(driverRows(db).as('r')).select('id').where('owner_id', '=', ownerId).where('id', '=', subject.driverId ?? 0).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}
