import { DateField } from '../../components/form/DateField';
import { useState, type FormEvent } from 'react';
import { termKindLabels, termKinds, type TermKind } from '../../../contract/accounts';
import { parsePesos } from '../../../contract/money';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { errorText, useCreateTermsMutation, useGetFareTariffQuery } from './driverAccountsApi';

/** New terms for a driver from a day (today or later): the old ones stay in the history, past charges stay. */
export function TermsForm({ driverId, today, onSaved }: { driverId: number; today: string; onSaved(): void }) {
  const dispatch = useAppDispatch();
  const [create, creating] = useCreateTermsMutation();
  const [kind, setKind] = useState<TermKind>('diaria');
  const [amount, setAmount] = useState('');
  const [from, setFrom] = useState(today);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = parsePesos(amount);
    if (value === null || value <= 0) {
      setError(kind === 'porcentaje' ? 'Escribe el porcentaje como número entero' : 'Escribe el monto en pesos enteros, por ejemplo 20.000');
      return;
    }
    const result = await create({ driverId, body: { kind, amount: value, effective_from: from } });
    if ('error' in result) {
      setError(errorText(result.error));
      return;
    }
    setAmount('');
    dispatch(noticeShown('success', 'Condiciones guardadas.'));
    onSaved();
  }

  return (
    <form className="flota-accounts-card" onSubmit={(event) => void submit(event)} aria-label="Condiciones">
      <h2>Cambiar condiciones</h2>
      <div className="flota-accounts-row">
        <label className="flota-accounts-field">
          <span>Condición</span>
          <select value={kind} onChange={(event) => setKind(event.target.value as TermKind)}>
            {termKinds.map((option) => (
              <option key={option} value={option}>
                {termKindLabels[option]}
              </option>
            ))}
          </select>
        </label>
        <label className="flota-accounts-field">
          <span>{kind === 'porcentaje' ? 'Porcentaje (%)' : 'Monto ($)'}</span>
          <input inputMode="numeric" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} placeholder={kind === 'porcentaje' ? '30' : '20.000'} />
        </label>
        <label className="flota-accounts-field">
          <span>Desde</span>
          <DateField min={today} value={from} onValueChange={setFrom} />
        </label>
      </div>
      {kind === 'porcentaje' && <PercentageNote />}
      {error && <p role="alert" className="flota-accounts-error">{error}</p>}
      <button type="submit" className="flota-button flota-button--secondary" disabled={creating.isLoading}>
        Guardar condiciones
      </button>
    </form>
  );
}

/** What a porcentaje charges on: the fares of each ended shift, which the fleet records only with its tariff on. */
function PercentageNote() {
  const tariff = useGetFareTariffQuery();
  if (!tariff.data) return null;
  return (
    <p className="flota-accounts-note">
      {tariff.data.tariff.enabled
        ? 'Al finalizar cada viaje se carga este porcentaje de su tarifa (la del taxímetro o la estimada por Flota).'
        : 'La flota no registra tarifas: activa la Tarifa del taxímetro en Cuentas para que un porcentaje genere cargos.'}
    </p>
  );
}
