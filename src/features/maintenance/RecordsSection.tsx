import type { MaintenanceRecord } from '../../../contract/maintenance';
import { formatPesos } from '../../../contract/money';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { errorText, useDeleteRecordMutation } from './maintenanceApi';
import { dayText, km } from './planText';
import { RecordForm } from './RecordForm';

/** A taxi's services, newest first, with their total; managers register and remove them. */
export function RecordsSection({ vehicleId, records, currentKm, kinds, canEdit }: { vehicleId: number; records: MaintenanceRecord[]; currentKm: number | null; kinds: string[]; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const [remove] = useDeleteRecordMutation();
  const total = records.reduce((sum, r) => sum + r.cost_pesos, 0);

  async function removeRecord(record: MaintenanceRecord) {
    const result = await remove(record.id);
    dispatch('error' in result ? noticeShown('error', errorText(result.error)) : noticeShown('success', `Servicio "${record.kind}" eliminado`));
  }

  return (
    <section className="flota-maintenance-card" aria-labelledby={`records-${vehicleId}`}>
      <h2 id={`records-${vehicleId}`}>Servicios</h2>
      {records.length === 0 ? (
        <p className="flota-maintenance-note">Sin servicios registrados.</p>
      ) : (
        // A table that scrolls sideways on a phone takes the keyboard's focus (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="flota-maintenance-scroll" tabIndex={0} role="region" aria-label="Servicios registrados">
          <table className="flota-maintenance-table">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Tipo</th>
                <th scope="col" className="flota-maintenance-number">
                  Odómetro
                </th>
                <th scope="col">Taller</th>
                <th scope="col" className="flota-maintenance-number">
                  Costo
                </th>
                <th scope="col">Notas</th>
                {canEdit && (
                  <th scope="col">
                    <span className="flota-visually-hidden">Acciones</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.id}>
                  <td>{dayText(record.done_on)}</td>
                  <th scope="row">{record.kind}</th>
                  <td className="flota-maintenance-number">{km(record.odometer_km)}</td>
                  <td>{record.workshop ?? '—'}</td>
                  <td className="flota-maintenance-number">{formatPesos(record.cost_pesos)}</td>
                  <td>{record.notes ?? ''}</td>
                  {canEdit && (
                    <td>
                      <ConfirmDeleteButton subject={`el servicio ${record.kind} del ${dayText(record.done_on)}`} onConfirm={() => void removeRecord(record)} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Total
                </th>
                <td className="flota-maintenance-number">{formatPesos(total)}</td>
                <td colSpan={canEdit ? 2 : 1} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {canEdit && <RecordForm vehicleId={vehicleId} currentKm={currentKm} kinds={kinds} />}
    </section>
  );
}
