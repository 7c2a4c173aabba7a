import { useState, type FormEvent } from 'react';
import { driverLoginRequestSchema, fieldErrors } from '../../../contract/api';
import { Field } from '../../components/form/Field';
import { DriverApiError, type DriverApiClient } from './driverApiClient';
import type { DriverSession } from './driverSession';

/** The driver signs in with the fleet code (from the setup link), RUT and password. */
export function DriverSignIn({ client, fleetCode, notice, onSignedIn }: { client: DriverApiClient; fleetCode: string; notice: string | null; onSignedIn(session: DriverSession): void }) {
  const [fleet, setFleet] = useState(fleetCode);
  const [rut, setRut] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = driverLoginRequestSchema.safeParse({ fleet_code: fleet, rut, password });
    setFormError('');
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const { token, driver } = await client.login(parsed.data);
      onSignedIn({ token, driver });
    } catch (error) {
      setFormError(error instanceof DriverApiError ? error.message : 'No se pudo ingresar. Intenta nuevamente.');
      setBusy(false);
    }
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
      {formError && (
        <p className="flota-form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="flota-button flota-button--primary flota-conductor__action" disabled={busy}>
        {busy ? 'Ingresando...' : 'Ingresar'}
      </button>
    </form>
  );
}
