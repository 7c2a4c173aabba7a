/**
 * Vencimientos (issue 34): the documents Chilean law asks of a taxi and of its driver, their scanned
 * files, what expires soon, the fleet's settings for them, and why dispatch leaves a taxi out.
 *
 *   GET    /api/documents?vehicle_id|driver_id     → documentsResponseSchema (every document, history included)
 *   POST   /api/documents                          documentCreateSchema → documentResponseSchema (201)
 *   PUT    /api/documents/:id                      documentUpdateSchema → documentResponseSchema
 *   DELETE /api/documents/:id                      → ok
 *   PUT    /api/documents/:id/file                 raw PDF/JPEG/PNG body (≤ 5 MB) → documentResponseSchema
 *   GET    /api/documents/:id/file                 → the file (Cache-Control: private, no-store)
 *   DELETE /api/documents/:id/file                 → documentResponseSchema
 *   GET    /api/expiries?days                      → expiriesResponseSchema (expired or expiring, by date)
 *   GET    /api/documents/settings, PUT            documentSettingsSchema
 *   GET    /api/driver/documents                   → driverDocumentsResponseSchema (the driver's own, 30 days)
 */
import { z } from 'zod';
import './zodConfig';
import { optionalLine } from './plainText';
import { isIsoDate, MAX_ID } from './common';
import { isoDate, isoTime, optionalText } from './fields';

export const vehicleDocumentKinds = ['revision_tecnica', 'permiso_circulacion', 'soap', 'rnstp', 'seguro', 'otro'] as const;
export const driverDocumentKinds = ['licencia', 'hoja_vida', 'credencial', 'otro'] as const;
export const documentKinds = ['revision_tecnica', 'permiso_circulacion', 'soap', 'rnstp', 'seguro', 'licencia', 'hoja_vida', 'credencial', 'otro'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentKindLabels: Record<DocumentKind, string> = {
  revision_tecnica: 'Revisión técnica',
  permiso_circulacion: 'Permiso de circulación',
  soap: 'SOAP',
  rnstp: 'Inscripción RNSTP',
  seguro: 'Seguro',
  licencia: 'Licencia profesional',
  hoja_vida: 'Hoja de vida del conductor',
  credencial: 'Credencial',
  otro: 'Otro',
};
/** What the law asks before a taxi carries passengers: an expired one of these keeps it out of dispatch. */
export const requiredDocumentKinds: readonly DocumentKind[] = ['revision_tecnica', 'permiso_circulacion', 'soap', 'rnstp', 'licencia'];
export const licenceClasses = ['A1', 'A2', 'A3'] as const;
export type LicenceClass = (typeof licenceClasses)[number];

export const documentSubjects = ['vehicle', 'driver'] as const;
export type DocumentSubject = (typeof documentSubjects)[number];

/** Files: PDF, JPEG or PNG, judged by their first bytes. */
export const documentFileTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentFileType = (typeof documentFileTypes)[number];
export const MAX_DOCUMENT_FILE_BYTES = 5 * 1024 * 1024;

export const DocumentMessages = {
  notFound: 'Documento no encontrado',
  kind: 'Tipo de documento inválido',
  kindForVehicle: 'Ese tipo de documento no corresponde a un vehículo',
  kindForDriver: 'Ese tipo de documento no corresponde a un conductor',
  subject: 'Indica un vehículo o un conductor',
  customLabel: 'Indica el nombre del documento',
  licenceClass: 'Clase de licencia inválida: A1, A2 o A3',
  expires: 'Fecha de vencimiento inválida',
  issued: 'Fecha de emisión inválida',
  expiryBeforeIssue: 'El vencimiento no puede ser anterior a la emisión',
  fileType: 'El archivo debe ser PDF, JPEG o PNG',
  fileEmpty: 'El archivo está vacío',
  fileTooLarge: 'El archivo supera los 5 MB',
  fileNotFound: 'El documento no tiene archivo',
} as const;

const idField = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const dateField = (message: string) => z.string({ error: message }).refine(isIsoDate, message);
const optionalDate = (message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isIsoDate(value), message);

const documentFields = {
  kind: z.enum(documentKinds, { error: DocumentMessages.kind }),
  /** For kind 'otro' (and optional for others): the name the owner gives it. */
  custom_label: optionalLine(60, 'El nombre es demasiado largo'),
  licence_class: z
    .enum(licenceClasses, { error: DocumentMessages.licenceClass })
    .nullish()
    .transform((value) => value ?? null),
  number: optionalLine(40, 'El número o folio es demasiado largo'),
  issued_on: optionalDate(DocumentMessages.issued),
  expires_on: dateField(DocumentMessages.expires),
  notes: optionalText(500, 'Las notas son demasiado largas'),
};

function checkDocument<T extends { kind: DocumentKind; custom_label: string | null; issued_on: string | null; expires_on: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.issued_on && value.expires_on < value.issued_on) ctx.addIssue({ code: 'custom', message: DocumentMessages.expiryBeforeIssue, path: ['expires_on'] });
  if (value.kind === 'otro' && !value.custom_label) ctx.addIssue({ code: 'custom', message: DocumentMessages.customLabel, path: ['custom_label'] });
}

export const documentCreateSchema = z
  .object({
    vehicle_id: idField('Vehículo inválido').nullish().transform((v) => v ?? null),
    driver_id: idField('Conductor inválido').nullish().transform((v) => v ?? null),
    ...documentFields,
  })
  .superRefine((value, ctx) => {
    if ((value.vehicle_id === null) === (value.driver_id === null)) ctx.addIssue({ code: 'custom', message: DocumentMessages.subject, path: ['vehicle_id'] });
    if (value.vehicle_id !== null && !(vehicleDocumentKinds as readonly string[]).includes(value.kind)) ctx.addIssue({ code: 'custom', message: DocumentMessages.kindForVehicle, path: ['kind'] });
    if (value.driver_id !== null && !(driverDocumentKinds as readonly string[]).includes(value.kind)) ctx.addIssue({ code: 'custom', message: DocumentMessages.kindForDriver, path: ['kind'] });
    if (value.kind !== 'licencia' && value.licence_class) ctx.addIssue({ code: 'custom', message: DocumentMessages.licenceClass, path: ['licence_class'] });
    checkDocument(value, ctx);
  });
export type DocumentCreateInput = z.input<typeof documentCreateSchema>;
export type DocumentCreate = z.infer<typeof documentCreateSchema>;

/** The kind and whose document it is do not change; the rest does. */
export const documentUpdateSchema = z
  .object(documentFields)
  .superRefine((value, ctx) => checkDocument(value, ctx));
export type DocumentUpdateInput = z.input<typeof documentUpdateSchema>;
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;

export const documentsQuerySchema = z
  .object({
    vehicle_id: z.coerce.number({ error: 'Vehículo inválido' }).int('Vehículo inválido').positive('Vehículo inválido').max(MAX_ID, 'Vehículo inválido').optional(),
    driver_id: z.coerce.number({ error: 'Conductor inválido' }).int('Conductor inválido').positive('Conductor inválido').max(MAX_ID, 'Conductor inválido').optional(),
  })
  .refine((q) => !(q.vehicle_id && q.driver_id), { message: DocumentMessages.subject, path: ['vehicle_id'] });

export const documentFileSchema = z.object({
  content_type: z.enum(documentFileTypes),
  size_bytes: z.number().int(),
  file_name: z.string().nullable(),
  uploaded_at: isoTime,
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

export const documentSchema = z.object({
  id: z.number().int(),
  subject: z.enum(documentSubjects),
  vehicle_id: z.number().int().nullable(),
  driver_id: z.number().int().nullable(),
  kind: z.enum(documentKinds),
  /** The kind's name, or the owner's for 'otro'. */
  label: z.string(),
  custom_label: z.string().nullable(),
  licence_class: z.enum(licenceClasses).nullable(),
  number: z.string().nullable(),
  issued_on: isoDate.nullable(),
  expires_on: isoDate,
  notes: z.string().nullable(),
  file: documentFileSchema.nullable(),
  /** false: a newer document of the same kind replaced it (kept as history). */
  current: z.boolean(),
  created_at: isoTime,
});
export type FleetDocument = z.infer<typeof documentSchema>;
export const documentResponseSchema = z.object({ document: documentSchema });
export type DocumentResponse = z.infer<typeof documentResponseSchema>;
export const documentsResponseSchema = z.object({ documents: z.array(documentSchema) });
export type DocumentsResponse = z.infer<typeof documentsResponseSchema>;

// ---------------------------------------------------------------- expiries

export const expiryStatuses = ['vencido', 'por_vencer'] as const;
export type ExpiryStatus = (typeof expiryStatuses)[number];

export const expirySchema = z.object({
  subject: z.enum(documentSubjects),
  vehicle_id: z.number().int().nullable(),
  driver_id: z.number().int().nullable(),
  /** The plate or the driver's name. */
  name: z.string(),
  kind: z.enum(documentKinds),
  label: z.string(),
  /** null: the driver's licence date typed on the driver (no document yet). */
  document_id: z.number().int().nullable(),
  number: z.string().nullable(),
  expires_on: isoDate,
  /** Negative once expired (days since), 0 on the day. */
  days_left: z.number().int(),
  status: z.enum(expiryStatuses),
  /** An expired required document keeps the taxi out of dispatch (or warns, per the fleet's setting). */
  required: z.boolean(),
  has_file: z.boolean(),
});
export type Expiry = z.infer<typeof expirySchema>;
export const expiriesQuerySchema = z.object({
  days: z.coerce.number({ error: 'Días inválidos' }).int('Días inválidos').min(0, 'Días inválidos').max(366, 'Días inválidos').optional(),
});
export const expiriesResponseSchema = z.object({
  /** The fleet's calendar day (TZ_FLEET) the list was judged on. */
  today: isoDate,
  window_days: z.number().int(),
  expiries: z.array(expirySchema),
  /** Vehicles past the fleet's maximum age (or retiring within the window). */
  retirements: z.array(z.object({ vehicle_id: z.number().int(), plate_number: z.string(), year: z.number().int(), retires_on: isoDate, days_left: z.number().int() })),
});
export type ExpiriesResponse = z.infer<typeof expiriesResponseSchema>;

// ---------------------------------------------------------------- settings

export const dispatchDocumentModes = ['bloquear', 'advertir'] as const;
export type DispatchDocumentMode = (typeof dispatchDocumentModes)[number];
export const DEFAULT_REMINDER_DAYS = [30, 15, 7, 1, 0];

export const documentSettingsSchema = z.object({
  /** 'bloquear' (default): an expired required document keeps offers away; 'advertir': only warns. */
  dispatch_mode: z.enum(dispatchDocumentModes, { error: 'Modo inválido' }),
  /** Vencimientos lists what expires within this many days. */
  window_days: z.number({ error: 'Días inválidos' }).int('Días inválidos').min(1, 'Días inválidos').max(366, 'Días inválidos'),
  /** Null: off. A vehicle retires at year + this many years (31 December). */
  max_vehicle_age_years: z.number({ error: 'Antigüedad inválida' }).int('Antigüedad inválida').min(1, 'Antigüedad inválida').max(50, 'Antigüedad inválida').nullable(),
  /** Days before expiry a reminder is raised (0: on the day). */
  reminder_days: z
    .array(z.number({ error: 'Días inválidos' }).int('Días inválidos').min(0, 'Días inválidos').max(365, 'Días inválidos'), { error: 'Días inválidos' })
    .max(10, 'Máximo 10 avisos')
    .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
  /** The local hour (TZ_FLEET) reminders go out. */
  reminder_hour: z.number({ error: 'Hora inválida' }).int('Hora inválida').min(0, 'Hora inválida').max(23, 'Hora inválida'),
});
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;
export const documentSettingsResponseSchema = z.object({ settings: documentSettingsSchema });

// ---------------------------------------------------------------- dispatch

/** Why dispatch leaves a taxi out (or warns about it): one line per expired required document. */
export const documentBlockSchema = z.object({
  driver_id: z.number().int(),
  driver_name: z.string(),
  vehicle_id: z.number().int().nullable(),
  plate_number: z.string().nullable(),
  reasons: z.array(z.string()),
});
export type DocumentBlock = z.infer<typeof documentBlockSchema>;

export const driverDocumentsResponseSchema = z.object({
  documents: z.array(expirySchema),
  /** Non-empty: offers are not reaching the driver, and why. */
  blocked_reasons: z.array(z.string()),
});
export type DriverDocumentsResponse = z.infer<typeof driverDocumentsResponseSchema>;

/** "Revisión técnica de AB-CD-12 venció el 18/10/2026". */
export function expiredReason(label: string, whose: string, expiresOn: string): string {
  const [y, m, d] = expiresOn.split('-');
  return `${label} de ${whose} venció el ${d}/${m}/${y}`;
}

/** GET /documents/:id/file's answer: the bytes as uploaded. */
export const documentFileResponseSchema = z.string().describe('El archivo (PDF, JPEG o PNG)');
