import { useState, type FormEvent } from 'react';
import { driverLoginRequestSchema, fieldErrors } from '../../../contract/api';
import { Field } from '../../components/form/Field';
import { driverErrorText } from './driverErrors';
import { useDriverLoginMutation } from './state/driverApi';

/** The driver signs in with the fleet code (from the setup link), RUT and password; the store keeps the session. */
export function DriverSignIn({ fleetCode, notice }: { fleetCode: string; notice: string | null }) {
  const [fleet, setFleet] = useState(fleetCode);
  const [rut, setRut] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [logIn, { isLoading, error, reset }] = useDriverLoginMutation();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    reset();
    const parsed = driverLoginRequestSchema.safeParse({ fleet_code: fleet, rut, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    void logIn(parsed.data);
  }

  return (
    <form className="flota-conductor__card" onSubmit={handleSubmit} noValidate aria-label="Ingreso de conductor">
      <h2 className="flota-conductor__heading">Ingreso de conductor</h2>
      {notice && (
        <p className="flota-conductor__notice" role="status">
          {notice}
        </p>
      )}
      <Field label="Código de flota" error={errors.fleet_code} hint={fleetCode ? undefined : 'Viene en el enlace que te envió tu flota'}>
        {(control) => <input {...control} name="fleet_code" autoCapitalize="characters" autoComplete="organization" value={fleet} onChange={(e) => setFleet(e.target.value)} />}
      </Field>
      <Field label="RUT" error={errors.rut}>
        {(control) => <input {...control} name="rut" inputMode="text" autoComplete="username" placeholder="12345678-5" value={rut} onChange={(e) => setRut(e.target.value)} required />}
      </Field>
      <Field label="Contraseña" error={errors.password}>
        {(control) => <input {...control} name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />}
      </Field>
      {error && (
        <p className="flota-form-error" role="alert">
          {driverErrorText(error, 'No se pudo ingresar. Intenta nuevamente.')}
        </p>
      )}
      <button type="submit" className="flota-button flota-button--primary flota-conductor__action" disabled={isLoading}>
        {isLoading ? 'Ingresando...' : 'Ingresar'}
      </button>
    </form>
  );
}
