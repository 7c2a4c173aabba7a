import { useState, type FormEvent } from 'react';
import { maintenancePlanRequestSchema } from '../../../contract/maintenance';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { fleetToday } from './fleetToday';
import { errorText, useCreatePlanMutation } from './maintenanceApi';

const whole = (typed: string): number | null => (typed.trim() ? Number(typed.replace(/\./g, '')) : null);

/** A new plan: what, every how many km and/or months, and when (and at how many km) it was last done. */
export function PlanForm({ vehicleId, currentKm }: { vehicleId: number; currentKm: number | null }) {
  const dispatch = useAppDispatch();
  const [create, creating] = useCreatePlanMutation();
  const [kind, setKind] = useState('Cambio de aceite');
  const [everyKm, setEveryKm] = useState('10.000');
  const [everyMonths, setEveryMonths] = useState('6');
  const [lastOn, setLastOn] = useState(fleetToday);
  const [lastKm, setLastKm] = useState(currentKm === null ? '' : String(currentKm));
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body = { kind, every_km: whole(everyKm), every_months: whole(everyMonths), last_done_on: lastOn, last_done_km: whole(lastKm) };
    // Judged by the server's schema first: words in a number field were sent as null, so "diez mil"
    // km made a plan by months alone.
    const checked = maintenancePlanRequestSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    const result = await create({ vehicleId, body });
    if ('error' in result) {
      setError(errorText(result.error));
      return;
    }
    dispatch(noticeShown('success', `Plan "${result.data.plan.kind}" creado`));
  }

  return (
    <form className="flota-maintenance-card" onSubmit={(event) => void submit(event)} aria-labelledby={`plan-form-${vehicleId}`}>
      <h3 id={`plan-form-${vehicleId}`}>Nuevo plan</h3>
      <div className="flota-maintenance-row">
        <label className="flota-maintenance-field flota-maintenance-field--wide">
          <span>Mantención</span>
          <input value={kind} maxLength={60} onChange={(event) => setKind(event.target.value)} />
        </label>
        <label className="flota-maintenance-field">
          <span>Cada (km)</span>
          <input inputMode="numeric" autoComplete="off" value={everyKm} onChange={(event) => setEveryKm(event.target.value)} placeholder="10.000" />
        </label>
        <label className="flota-maintenance-field">
          <span>o cada (meses)</span>
          <input inputMode="numeric" autoComplete="off" value={everyMonths} onChange={(event) => setEveryMonths(event.target.value)} placeholder="6" />
        </label>
      </div>
      <div className="flota-maintenance-row">
        <label className="flota-maintenance-field">
          <span>Último servicio el</span>
          <input type="date" value={lastOn} max={fleetToday()} onChange={(event) => setLastOn(event.target.value)} />
        </label>
        <label className="flota-maintenance-field">
          <span>a los (km)</span>
          <input inputMode="numeric" autoComplete="off" value={lastKm} onChange={(event) => setLastKm(event.target.value)} placeholder="120.000" />
        </label>
        <button type="submit" className="flota-button flota-button--primary" disabled={creating.isLoading}>
          {creating.isLoading ? 'Guardando...' : 'Crear plan'}
        </button>
      </div>
      {error && (
        <p role="alert" className="flota-maintenance-error">
          {error}
        </p>
      )}
    </form>
  );
}
