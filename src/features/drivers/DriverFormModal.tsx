import { DateField } from '../../components/form/DateField';
import { useAppDispatch } from '../../app/hooks';
import { driverCreateSchema, driverUpdateSchema } from '../../../contract/api';
import type { Driver, Vehicle } from '../../../contract/entities';
import { formatRut } from '../../../contract/rut';
import { Field } from '../../components/form/Field';
import { FormModal } from '../../components/form/FormModal';
import { useModalForm } from '../../components/form/useModalForm';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { DevicePhoneSetup } from './DevicePhoneSetup';
import { useCreateDriverMutation, useGetVehicleOptionsQuery, useUpdateDriverMutation } from './driversApi';

function initialValues(driver: Driver | null) {
  return {
    rut: driver ? formatRut(driver.rut) : '',
    first_name: driver?.first_name ?? '',
    last_name: driver?.last_name ?? '',
    email: driver?.email ?? '',
    phone: driver?.phone ?? '',
    password: '',
    license_number: driver?.license_number ?? '',
    license_expiry: driver?.license_expiry ?? '',
    current_vehicle_id: driver?.current_vehicle_id ? String(driver.current_vehicle_id) : '',
  };
}

/** "BCDF12", or "BCDF12 (asignado a Ana Soto)" when choosing it takes it from another driver. */
function vehicleOptionLabel(vehicle: Vehicle, editedDriverId: number | undefined): string {
  const takenByOther = vehicle.driver_id !== null && vehicle.driver_id !== editedDriverId;
  if (!takenByOther) return vehicle.plate_number;
  return `${vehicle.plate_number} (asignado a ${`${vehicle.driver_first_name ?? ''} ${vehicle.driver_last_name ?? ''}`.trim()})`;
}

/** Create (driver = null) or edit a driver. Validates with the contract schemas before sending. */
export function DriverFormModal({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { values, change, set, errors, formError, submit } = useModalForm(initialValues(driver), 'Error al guardar conductor');
  const { data: vehicles = [] } = useGetVehicleOptionsQuery();
  const [createDriver, creating] = useCreateDriverMutation();
  const [updateDriver, updating] = useUpdateDriverMutation();

  async function handleSubmit() {
    // The select's blank option means no vehicle: sent as null.
    const fields = { ...values, current_vehicle_id: values.current_vehicle_id ? Number(values.current_vehicle_id) : null };
    const saved = driver
      ? await submit(driverUpdateSchema.safeParse({ ...fields, rut: driver.rut }), (changes) => updateDriver({ id: driver.id, changes }).unwrap())
      : await submit(driverCreateSchema.safeParse(fields), (body) => createDriver(body).unwrap());
    if (!saved) return;
    dispatch(noticeShown('success', driver ? 'Conductor actualizado correctamente' : 'Conductor creado correctamente'));
    onClose();
  }

  return (
    <FormModal
      title={driver ? 'Editar Conductor' : 'Nuevo Conductor'}
      onClose={onClose}
      onSubmit={handleSubmit}
      busy={creating.isLoading || updating.isLoading}
      formError={formError}
      after={driver ? <DevicePhoneSetup driver={driver} /> : null}
    >
      <Field label="RUT" error={errors.rut} hint={driver ? 'El RUT no se puede cambiar' : undefined}>
        {(control) => <input {...control} value={values.rut} onChange={change('rut')} readOnly={!!driver} required={!driver} placeholder="12.345.678-5" autoComplete="off" />}
      </Field>
      <Field label="Contraseña" error={errors.password} hint={driver ? 'Déjala en blanco para mantener la actual' : undefined}>
        {(control) => <input {...control} type="password" value={values.password} onChange={change('password')} required={!driver} autoComplete="new-password" />}
      </Field>
      <Field label="Nombre" error={errors.first_name}>
        {(control) => <input {...control} value={values.first_name} onChange={change('first_name')} required autoComplete="off" />}
      </Field>
      <Field label="Apellido" error={errors.last_name}>
        {(control) => <input {...control} value={values.last_name} onChange={change('last_name')} required autoComplete="off" />}
      </Field>
      <Field label="Correo" error={errors.email}>
        {(control) => <input {...control} type="email" value={values.email} onChange={change('email')} autoComplete="off" />}
      </Field>
      <Field label="Teléfono" error={errors.phone}>
        {(control) => <input {...control} type="tel" value={values.phone} onChange={change('phone')} placeholder="+56 9 1234 5678" autoComplete="off" />}
      </Field>
      <Field label="Número de licencia" error={errors.license_number}>
        {(control) => <input {...control} value={values.license_number} onChange={change('license_number')} autoComplete="off" />}
      </Field>
      <Field label="Vencimiento de licencia" error={errors.license_expiry}>
        {(control) => <DateField {...control} value={values.license_expiry} onValueChange={set('license_expiry')} />}
      </Field>
      <Field wide label="Vehículo asignado" error={errors.current_vehicle_id} hint="Si el vehículo ya tiene conductor, pasa a este conductor">
        {(control) => (
          <select {...control} value={values.current_vehicle_id} onChange={change('current_vehicle_id')}>
            <option value="">Sin asignar</option>
            {/* While the vehicles load, the driver's own vehicle is already there, so the select does not read Sin asignar. */}
            {driver?.current_vehicle_id && !vehicles.some((vehicle) => vehicle.id === driver.current_vehicle_id) && (
              <option value={String(driver.current_vehicle_id)}>{driver.plate_number}</option>
            )}
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={String(vehicle.id)}>
                {vehicleOptionLabel(vehicle, driver?.id)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </FormModal>
  );
}
