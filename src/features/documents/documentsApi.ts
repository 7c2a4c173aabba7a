/** Vencimientos' endpoints: the fleet's expiries, a taxi's or a driver's documents, their files and the settings. */
import type { DocumentCreateInput, DocumentResponse, DocumentsResponse, DocumentSettings, ExpiriesResponse, FleetDocument } from '../../../contract/documents';
import { api } from '../../app/api';

export const documentsApi = api.enhanceEndpoints({ addTagTypes: ['Document', 'Expiry', 'DocumentSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getExpiries: build.query<ExpiriesResponse, number | void>({
      query: (days) => (days ? `/expiries?days=${days}` : '/expiries'),
      providesTags: ['Expiry'],
    }),
    getDocuments: build.query<FleetDocument[], { vehicle_id?: number; driver_id?: number }>({
      query: ({ vehicle_id, driver_id }) => (vehicle_id ? `/documents?vehicle_id=${vehicle_id}` : `/documents?driver_id=${driver_id}`),
      transformResponse: (response: DocumentsResponse) => response.documents,
      providesTags: ['Document'],
    }),
    createDocument: build.mutation<FleetDocument, DocumentCreateInput>({
      query: (body) => ({ url: '/documents', method: 'POST', body }),
      transformResponse: (response: DocumentResponse) => response.document,
      invalidatesTags: ['Document', 'Expiry', 'Driver'],
    }),
    deleteDocument: build.mutation<void, number>({
      query: (id) => ({ url: `/documents/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Document', 'Expiry', 'Driver'],
    }),
    /** The scanned file as it is: the server reads its type from the content. */
    uploadDocumentFile: build.mutation<FleetDocument, { id: number; file: File }>({
      query: ({ id, file }) => ({
        url: `/documents/${id}/file`,
        method: 'PUT',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
      }),
      transformResponse: (response: DocumentResponse) => response.document,
      invalidatesTags: ['Document', 'Expiry'],
    }),
    getDocumentSettings: build.query<DocumentSettings, void>({
      query: () => '/documents/settings',
      transformResponse: (response: { settings: DocumentSettings }) => response.settings,
      providesTags: ['DocumentSettings'],
    }),
    /** The window and the retirement age change what Vencimientos lists, so the list is read again. */
    updateDocumentSettings: build.mutation<DocumentSettings, DocumentSettings>({
      query: (body) => ({ url: '/documents/settings', method: 'PUT', body }),
      transformResponse: (response: { settings: DocumentSettings }) => response.settings,
      invalidatesTags: ['DocumentSettings', 'Expiry'],
    }),
  }),
});

export const { useGetExpiriesQuery, useGetDocumentsQuery, useCreateDocumentMutation, useDeleteDocumentMutation, useUploadDocumentFileMutation, useGetDocumentSettingsQuery, useUpdateDocumentSettingsMutation } = documentsApi;
