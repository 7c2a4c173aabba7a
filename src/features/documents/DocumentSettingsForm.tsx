/**
 * The fleet's Vencimientos settings, for Dueño and Administrador: whether an expired required document
 * keeps a taxi out of Despacho or only warns, the reminders' days and hour, the screen's window, and
 * the vehicles' maximum age. A bad value is said in Spanish and nothing is saved.
 */
import { useState, type FormEvent } from 'react';
import type { DocumentSettings } from '../../../contract/documents';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { apiErrorMessage } from '../../lib/apiError';
import { useGetDocumentSettingsQuery, useUpdateDocumentSettingsMutation } from './documentsApi';
// Its own styles: Ajustes shows it without the page it sits on.
import './documents.css';

export function DocumentSettingsForm() {
  const current = useGetDocumentSettingsQuery();
  return current.data ? <SettingsFields settings={current.data} /> : null;
}

const REMINDER_DAYS_HINT = 'Escribe los días separados por coma, por ejemplo 30, 15, 7, 1, 0 (0: el mismo día).';

/** "30, 15, 7" → [30, 15, 7]; null when any part is not a whole number of days. */
export function parseReminderDays(text: string): number[] | null {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  if (!parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  return parts.map(Number);
}

function SettingsFields({ settings }: { settings: DocumentSettings }) {
  const dispatch = useAppDispatch();
  const [save, saving] = useUpdateDocumentSettingsMutation();
  const [mode, setMode] = useState(settings.dispatch_mode);
  const [reminderDays, setReminderDays] = useState(settings.reminder_days.join(', '));
  const [hour, setHour] = useState(String(settings.reminder_hour));
  const [windowDays, setWindowDays] = useState(String(settings.window_days));
  const [maxAge, setMaxAge] = useState(settings.max_vehicle_age_years === null ? '' : String(settings.max_vehicle_age_years));
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const days = parseReminderDays(reminderDays);
    if (!days) return setError(REMINDER_DAYS_HINT);
    const result = await save({
      dispatch_mode: mode,
      reminder_days: days,
      reminder_hour: Number(hour),
      window_days: Number(windowDays),
      max_vehicle_age_years: maxAge.trim() === '' ? null : Number(maxAge),
    });
    if ('error' in result) setError(apiErrorMessage(result.error, 'No se pudieron guardar los ajustes. Intenta nuevamente.'));
    else dispatch(noticeShown('success', 'Ajustes de vencimientos guardados.'));
  }

  return (
    <form className="flota-expiries-settings" onSubmit={(event) => void submit(event)} aria-labelledby="flota-expiries-settings-title">
      <h2 id="flota-expiries-settings-title" className="flota-section-title">
        Ajustes de vencimientos
      </h2>
      <div className="flota-expiries-settings__fields">
        <label>
          Un documento obligatorio vencido, en Despacho
          <select value={mode} onChange={(event) => setMode(event.target.value as DocumentSettings['dispatch_mode'])}>
            <option value="bloquear">Deja al taxi sin ofertas</option>
            <option value="advertir">Solo advierte</option>
          </select>
        </label>
        <label>
          Avisar (días antes del vencimiento)
          <input value={reminderDays} onChange={(event) => setReminderDays(event.target.value)} inputMode="numeric" aria-describedby="flota-expiries-settings-days" />
        </label>
        <label>
          Hora de los avisos
          <input type="number" min={0} max={23} step={1} value={hour} onChange={(event) => setHour(event.target.value)} />
        </label>
        <label>
          Vencimientos muestra los próximos (días)
          <input type="number" min={1} max={366} step={1} value={windowDays} onChange={(event) => setWindowDays(event.target.value)} />
        </label>
        <label>
          Antigüedad máxima de un vehículo (años)
          <input type="number" min={1} max={50} step={1} value={maxAge} placeholder="Sin límite" onChange={(event) => setMaxAge(event.target.value)} />
        </label>
      </div>
      <p id="flota-expiries-settings-days" className="flota-expiries-settings__hint">
        {REMINDER_DAYS_HINT} La hora es la de La Ligua. Sin antigüedad máxima, ningún vehículo tiene fecha de retiro.
      </p>
      {error && (
        <p role="alert" className="flota-expiries-settings__error">
          {error}
        </p>
      )}
      <button type="submit" className="flota-button flota-button--secondary" disabled={saving.isLoading}>
        Guardar ajustes
      </button>
    </form>
  );
}
