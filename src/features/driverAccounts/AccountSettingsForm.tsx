import { useState, type FormEvent } from 'react';
import type { AccountSettings } from '../../../contract/accounts';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { errorText, useGetAccountSettingsQuery, useUpdateAccountSettingsMutation } from './driverAccountsApi';
// Its own styles: Ajustes shows it without the page it sits on.
import './driverAccounts.css';

/** The fleet's settings: whether days (weeks) without a shift are charged, and when a driver is "behind". */
export function AccountSettingsForm() {
  const current = useGetAccountSettingsQuery();
  return current.data ? <SettingsFields settings={current.data.settings} /> : null;
}

function SettingsFields({ settings }: { settings: AccountSettings }) {
  const dispatch = useAppDispatch();
  const [save, saving] = useUpdateAccountSettingsMutation();
  const [idleDays, setIdleDays] = useState(settings.charge_days_without_shift);
  const [behind, setBehind] = useState(String(settings.behind_days_alert));
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const result = await save({ charge_days_without_shift: idleDays, behind_days_alert: Number(behind) });
    if ('error' in result) setError(errorText(result.error));
    else dispatch(noticeShown('success', 'Ajustes de cuentas guardados.'));
  }

  return (
    <form className="flota-accounts-card flota-accounts-settings" onSubmit={(event) => void submit(event)} aria-label="Ajustes de cuentas">
      <h2>Ajustes de cuentas</h2>
      <label className="flota-accounts-check">
        <input type="checkbox" checked={idleDays} onChange={(event) => setIdleDays(event.target.checked)} />
        Cobrar la cuota diaria (o semanal) también los días sin turno
      </label>
      <label className="flota-accounts-field">
        <span>Requiere atención con más de (días de atraso)</span>
        <input type="number" min={1} max={365} step={1} value={behind} onChange={(event) => setBehind(event.target.value)} />
      </label>
      {error && <p role="alert" className="flota-accounts-error">{error}</p>}
      <button type="submit" className="flota-button flota-button--secondary" disabled={saving.isLoading}>
        Guardar ajustes
      </button>
    </form>
  );
}
