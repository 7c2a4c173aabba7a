import { useAppDispatch } from '../../app/hooks';
import { maxVehicleYear, MIN_VEHICLE_YEAR, vehicleCreateSchema, vehicleUpdateSchema } from '../../../contract/api';
import type { Vehicle } from '../../../contract/entities';
import { Field } from '../../components/form/Field';
import { FormModal } from '../../components/form/FormModal';
import { useModalForm } from '../../components/form/useModalForm';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useCreateVehicleMutation, useUpdateVehicleMutation } from './vehiclesApi';

function initialValues(vehicle: Vehicle | null) {
  return {
    plate_number: vehicle?.plate_number ?? '',
    model: vehicle?.model ?? '',
    color: vehicle?.color ?? '',
    year: vehicle?.year != null ? String(vehicle.year) : '',
  };
}

/** Create (vehicle = null) or edit a vehicle. Validates with the contract schemas before sending. */
export function VehicleFormModal({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { values, change, errors, formError, submit } = useModalForm(initialValues(vehicle), 'Error al guardar vehículo');
  const [createVehicle, creating] = useCreateVehicleMutation();
  const [updateVehicle, updating] = useUpdateVehicleMutation();

  async function handleSubmit() {
    // A blank year is sent as null; anything typed as a number (the schema wants an integer).
    const fields = { ...values, year: values.year.trim() ? Number(values.year) : null };
    const saved = vehicle
      ? await submit(vehicleUpdateSchema.safeParse({ ...fields, plate_number: vehicle.plate_number }), (changes) => updateVehicle({ id: vehicle.id, changes }).unwrap())
      : await submit(vehicleCreateSchema.safeParse(fields), (body) => createVehicle(body).unwrap());
    if (!saved) return;
    dispatch(noticeShown('success', vehicle ? 'Vehículo actualizado correctamente' : 'Vehículo creado correctamente'));
    onClose();
  }

  return (
    <FormModal title={vehicle ? 'Editar Vehículo' : 'Nuevo Vehículo'} onClose={onClose} onSubmit={handleSubmit} busy={creating.isLoading || updating.isLoading} formError={formError}>
      <Field wide label="Patente" error={errors.plate_number} hint={vehicle ? 'La patente no se puede cambiar' : 'Formato AB1234 o BCDF12'}>
        {(control) => <input {...control} value={values.plate_number} onChange={change('plate_number')} readOnly={!!vehicle} required={!vehicle} placeholder="BCDF12" autoComplete="off" />}
      </Field>
      <Field wide label="Modelo" error={errors.model}>
        {(control) => <input {...control} value={values.model} onChange={change('model')} placeholder="Toyota Corolla" autoComplete="off" />}
      </Field>
      <Field label="Color" error={errors.color}>
        {(control) => <input {...control} value={values.color} onChange={change('color')} autoComplete="off" />}
      </Field>
      <Field label="Año" error={errors.year}>
        {(control) => <input {...control} type="number" min={MIN_VEHICLE_YEAR} max={maxVehicleYear()} step={1} value={values.year} onChange={change('year')} />}
      </Field>
    </FormModal>
  );
}
