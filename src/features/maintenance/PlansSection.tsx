import { maintenancePlanStatusLabels, type MaintenancePlan } from '../../../contract/maintenance';
import { useAppDispatch } from '../../app/hooks';
import { Badge } from '../../components/Badge';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { errorText, useDeletePlanMutation } from './maintenanceApi';
import { PlanForm } from './PlanForm';
import { dayText, dueLines, intervalText, statusTone } from './planText';

/** A taxi's plans: each with its interval, the service it counts from, and when it is next due; managers add and remove them. */
export function PlansSection({ vehicleId, plans, currentKm, canEdit }: { vehicleId: number; plans: MaintenancePlan[]; currentKm: number | null; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const [remove] = useDeletePlanMutation();

  async function removePlan(plan: MaintenancePlan) {
    const result = await remove(plan.id);
    dispatch('error' in result ? noticeShown('error', errorText(result.error)) : noticeShown('success', `Plan "${plan.kind}" eliminado`));
  }

  return (
    <section className="flota-maintenance-card" aria-labelledby={`plans-${vehicleId}`}>
      <h2 id={`plans-${vehicleId}`}>Planes</h2>
      {plans.length === 0 ? (
        <p className="flota-maintenance-note">Sin planes. Por ejemplo: cambio de aceite cada 10.000 km o 6 meses.</p>
      ) : (
        <ul className="flota-maintenance-plans">
          {plans.map((plan) => (
            <li key={plan.id} className={`flota-maintenance-plan flota-maintenance-plan--${plan.status}`}>
              <div className="flota-maintenance-plan__head">
                <strong>{plan.kind}</strong>
                <Badge tone={statusTone[plan.status]}>{maintenancePlanStatusLabels[plan.status]}</Badge>
              </div>
              <p className="flota-maintenance-note">
                {intervalText(plan)} · último el {dayText(plan.last_done_on)}
                {plan.last_done_km !== null && ` a los ${plan.last_done_km.toLocaleString('es-CL')} km`}
              </p>
              {dueLines(plan).map((line) => (
                <p key={line} className="flota-maintenance-plan__due">
                  {line}
                </p>
              ))}
              {canEdit && <ConfirmDeleteButton subject={`el plan ${plan.kind}`} onConfirm={() => void removePlan(plan)} />}
            </li>
          ))}
        </ul>
      )}
      {canEdit && <PlanForm vehicleId={vehicleId} currentKm={currentKm} />}
    </section>
  );
}
