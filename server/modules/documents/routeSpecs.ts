/**
 * Vencimientos' routes as the API declares them: the Dueño and the Administrador edit documents,
 * files and settings; every desk role reads them (the Operador sees why dispatch leaves a taxi out);
 * the driver's phone reads its own.
 */
import { okResponseSchema } from '../../../contract/common';
import {
  documentCreateSchema,
  documentFileResponseSchema,
  documentResponseSchema,
  documentSettingsResponseSchema,
  documentSettingsSchema,
  documentsQuerySchema,
  documentsResponseSchema,
  documentUpdateSchema,
  driverDocumentsResponseSchema,
  expiriesQuerySchema,
  expiriesResponseSchema,
} from '../../../contract/documents';
import { EVERY_DESK_ROLE, FLEET_MANAGERS } from '../../../contract/roles';
import { driver, errors, idParams, owner, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { DRIVER, routeSpec } from '../../platform/routeSpec';
import { blanksAsAbsent } from '../../platform/requestValidation';

export const openApiTags = {
  documents: {
    name: 'Vencimientos',
    description: 'Documentos de vehículos y conductores (revisión técnica, permiso de circulación, SOAP, RNSTP, licencia profesional…), sus archivos, lo que vence y los ajustes de la flota.',
  },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });
type Rest = Omit<Parameters<typeof routeSpec>[1], 'summary' | 'tags' | 'security'>;
const managers = <R extends Rest>(summary: string, rest: R) => routeSpec(FLEET_MANAGERS, { summary, tags: [Tags.documents], security: owner, ...rest });
const desk = <R extends Rest>(summary: string, rest: R) => routeSpec(EVERY_DESK_ROLE, { summary, tags: [Tags.documents], security: owner, ...rest });

export const routeSpecs = {
  listDocuments: desk('Documentos de un vehículo o conductor', {
    description: 'Todos, también los reemplazados por uno más nuevo del mismo tipo (`current: false`), el vencimiento más lejano primero.',
    querystring: blanksAsAbsent(documentsQuerySchema),
    response: { 200: documentsResponseSchema, ...errors(400, 401) },
  }),
  createDocument: managers('Agregar un documento', {
    description: 'De un vehículo (`vehicle_id`) o de un conductor (`driver_id`). El vencimiento no puede ser anterior a la emisión. Una licencia profesional actualiza el vencimiento de licencia del conductor.',
    body: documentCreateSchema,
    response: { 201: documentResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  updateDocument: managers('Modificar un documento', { params: idParams, body: documentUpdateSchema, response: { 200: documentResponseSchema, ...errors(400, 401, 403, 404) } }),
  deleteDocument: managers('Eliminar un documento', { params: idParams, response: { 200: okResponseSchema, ...errors(401, 403, 404) } }),
  putDocumentFile: managers('Subir el archivo escaneado', {
    description:
      'El cuerpo es el archivo tal cual (cualquier Content-Type; el nombre opcional en `X-File-Name`, codificado como URI). PDF, JPEG o PNG según su contenido, no su nombre; máximo 5 MB. Reemplaza el anterior.',
    params: idParams,
    response: { 200: documentResponseSchema, ...errors(400, 401, 403, 404, 413) },
  }),
  getDocumentFile: desk('Descargar el archivo escaneado', {
    description: 'Solo para la flota, con su token; `Cache-Control: private, no-store`.',
    params: idParams,
    response: { 200: documentFileResponseSchema, ...errors(401, 404) },
  }),
  deleteDocumentFile: managers('Quitar el archivo escaneado', { params: idParams, response: { 200: documentResponseSchema, ...errors(401, 403, 404) } }),
  listExpiries: desk('Vencimientos', {
    description:
      'Documentos vigentes (el más nuevo de cada tipo) vencidos o que vencen en los próximos `days` días (por omisión los de los ajustes, 60), por fecha; y los vehículos que alcanzan la antigüedad máxima. Las fechas se juzgan en la zona horaria de la flota.',
    querystring: blanksAsAbsent(expiriesQuerySchema),
    response: { 200: expiriesResponseSchema, ...errors(400, 401) },
  }),
  getDocumentSettings: desk('Ajustes de vencimientos', { response: { 200: documentSettingsResponseSchema, ...errors(401) } }),
  putDocumentSettings: managers('Modificar los ajustes de vencimientos', {
    description: '`dispatch_mode`: `bloquear` (por omisión: un documento obligatorio vencido impide ofrecer viajes a ese taxi o conductor) o `advertir`.',
    body: documentSettingsSchema,
    response: { 200: documentSettingsResponseSchema, ...errors(400, 401, 403) },
  }),
  driverDocuments: routeSpec(DRIVER, {
    summary: 'Mis documentos por vencer',
    description: 'Los del conductor y de su vehículo que vencen en 30 días o ya vencieron, y por qué no le llegan ofertas.',
    tags: [Tags.driverApp],
    security: driver,
    response: { 200: driverDocumentsResponseSchema, ...errors(401) },
  }),
};
