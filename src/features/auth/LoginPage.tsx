import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { Field } from '../../components/form/Field';
import { LoginMessages } from '../../../contract/loginMessages';
import { hasWrongCheckDigit } from '../../../contract/rut';
import { apiErrorMessage, apiFieldErrors, isNetworkError } from '../../lib/apiError';
import { useLoginMutation } from './authApi';
import { selectSessionStatus } from './authSlice';
import './login.css';
import { LogoMark } from '../../components/LogoMark';

export function LoginPage() {
  const status = useAppSelector(selectSessionStatus);
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const [rut, setRut] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');

  if (status !== 'anonymous') return <Navigate to="/dashboard" replace />;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    // Empty fields and a wrong check digit are said here; the server checks the rest with the contract's schema and
    // answers per-field texts, so no schema library loads with the first screen (issue 20).
    const missing: Record<string, string> = {};
    if (!rut.trim()) missing.rut = LoginMessages.rutRequired;
    else if (hasWrongCheckDigit(rut)) missing.rut = LoginMessages.rutInvalid;
    if (!password) missing.password = LoginMessages.passwordRequired;
    setFormError('');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    try {
      await login({ rut: rut.trim(), password }).unwrap();
      navigate('/dashboard', { replace: true });
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length) setErrors(fields);
      else setFormError(isNetworkError(error) ? 'Error de conexión. Intenta nuevamente.' : apiErrorMessage(error, 'Login failed'));
    }
  }

  return (
    <main className="flota-login">
      <div className="flota-login__card">
        <div className="flota-login__brand">
          <LogoMark />
          <div>
            <h1 className="flota-login__title">Flota</h1>
            <p className="flota-login__subtitle">Sistema de Gestión de Flotas de Taxis</p>
          </div>
        </div>
        <form onSubmit={handleSubmit} noValidate aria-label="Iniciar sesión">
          <Field label="RUT" error={errors.rut}>
            {(control) => <input {...control} name="rut" autoComplete="username" placeholder="12345678" value={rut} onChange={(event) => setRut(event.target.value)} required />}
          </Field>
          <Field label="Contraseña" error={errors.password}>
            {(control) => (
              <input {...control} name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
            )}
          </Field>
          {formError && (
            <p className="flota-form-error" role="alert">
              {formError}
            </p>
          )}
          <button type="submit" className="flota-button flota-button--primary flota-login__submit" disabled={isLoading}>
            {isLoading ? 'Ingresando...' : 'Ingresar'}
          </button>
        </form>
        <p className="flota-login__footer">¿Problemas para ingresar? Contacta al administrador de tu empresa.</p>
      </div>
    </main>
  );
}
