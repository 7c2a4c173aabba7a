/** "Ver archivo": the scanned file fetched with the session's token (it is never a public URL) and saved. */
import { joinUrl } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { downloadBlob } from '../../lib/download';
import type { FleetDocument } from '../../../contract/documents';

export function useDocumentFile(): (document: FleetDocument) => Promise<void> {
  const token = useAppSelector((state) => state.auth.token);
  const apiBaseUrl = useAppSelector((state) => state.config.apiBaseUrl);
  return async (document) => {
    const response = await fetch(joinUrl(apiBaseUrl, `/documents/${document.id}/file`), { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw new Error('No se pudo descargar el archivo');
    downloadBlob(document.file?.file_name ?? `documento-${document.id}`, await response.blob());
  };
}
