import { useState } from 'react';
import { joinUrl, sessionExpired } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { attachmentFileName, downloadBlob } from '../../lib/download';
import { historyCsvFileName } from './historyCsv';
import { filtersToSearchParams, type HistoryFilters } from './historyFilters';

const FAILED = 'No se pudo exportar el historial.';

/**
 * Exportar CSV: the server streams the file of everything the filters select (not only the loaded
 * pages). A link cannot carry the bearer token, so the file is fetched and saved from a Blob.
 */
export function useHistoryCsvExport(filters: HistoryFilters) {
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.token);
  const apiBaseUrl = useAppSelector((state) => state.config.apiBaseUrl);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const query = filtersToSearchParams(filters).toString();
      const url = joinUrl(apiBaseUrl, `/shifts/history.csv${query ? `?${query}` : ''}`);
      const response = await fetch(url, { headers: { Authorization: `Bearer ${token ?? ''}`, Accept: 'text/csv' } });
      if (response.status === 401) {
        dispatch(sessionExpired());
        return;
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        dispatch(noticeShown('error', body?.error ? `${FAILED} ${body.error}` : FAILED));
        return;
      }
      downloadBlob(attachmentFileName(response.headers.get('Content-Disposition')) ?? historyCsvFileName(), await response.blob());
    } catch {
      dispatch(noticeShown('error', FAILED));
    } finally {
      setExporting(false);
    }
  }

  return { exportCsv, exporting };
}
