import { useState, type FormEvent } from 'react';
import { meterFare } from '../../../contract/fareMeter';
import type { FareTariff } from '../../../contract/fares';
import { formatPesos, parsePesos } from '../../../contract/money';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { errorText, useGetFareTariffQuery, useUpdateFareTariffMutation } from './driverAccountsApi';
// Its own styles: Ajustes shows it without the page it sits on.
import './driverAccounts.css';

/** A trip the owner can picture, priced with the tariff as typed: 3 km in 10 minutes. */
const SAMPLE_TRIP = [{ meters: 3000, ms: 10 * 60_000 }];

/**
 * The fleet's tariff as the windscreen shows it (issue 35, item 8): bajada de bandera plus a step
 * per 200 m or 60 s. With it on, each trip records its fare (typed by the driver at Finalizar, or
 * estimated by Flota) and a porcentaje cuota charges its share.
 */
export function FareTariffForm() {
  const current = useGetFareTariffQuery();
  return current.data ? <TariffFields tariff={current.data.tariff} /> : null;
}

function TariffFields({ tariff }: { tariff: FareTariff }) {
  const dispatch = useAppDispatch();
  const [save, saving] = useUpdateFareTariffMutation();
  const [enabled, setEnabled] = useState(tariff.enabled);
  const [flagDown, setFlagDown] = useState(tariff.enabled || tariff.flag_down > 0 ? formatPesos(tariff.flag_down) : '');
  const [step, setStep] = useState(tariff.enabled || tariff.step > 0 ? formatPesos(tariff.step) : '');
  const [error, setError] = useState<string | null>(null);
  const flagDownPesos = parsePesos(flagDown);
  const stepPesos = parsePesos(step);
  const sample = flagDownPesos !== null && stepPesos !== null ? meterFare({ flag_down: flagDownPesos, step: stepPesos }, SAMPLE_TRIP) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (flagDownPesos === null || stepPesos === null) return setError('Escribe la bajada de bandera y el valor por tramo en pesos enteros (por ejemplo 450).');
    const result = await save({ enabled, flag_down: flagDownPesos, step: stepPesos });
    if ('error' in result) setError(errorText(result.error));
    else dispatch(noticeShown('success', enabled ? 'Tarifa guardada: los viajes registran su tarifa.' : 'Tarifa guardada: los viajes no registran tarifa.'));
  }

  return (
    <form className="flota-accounts-card flota-accounts-settings" onSubmit={(event) => void submit(event)} aria-label="Tarifa del taxímetro">
      <h2>Tarifa del taxímetro</h2>
      <label className="flota-accounts-check">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Registrar la tarifa de cada viaje
      </label>
      <div className="flota-accounts-row">
        <label className="flota-accounts-field">
          <span>Bajada de bandera</span>
          <input inputMode="numeric" autoComplete="off" placeholder="$450" value={flagDown} onChange={(event) => setFlagDown(event.target.value)} />
        </label>
        <label className="flota-accounts-field">
          <span>Por cada 200 m o 60 s</span>
          <input inputMode="numeric" autoComplete="off" placeholder="$190" value={step} onChange={(event) => setStep(event.target.value)} />
        </label>
      </div>
      <p className="flota-accounts-note">
        El conductor puede escribir el monto del taxímetro al finalizar; si no lo hace, Flota lo estima con la distancia y el tiempo del viaje, y lo muestra como estimado.
        {sample !== null && ` Con esta tarifa, un viaje de 3 km en 10 minutos marca ${formatPesos(sample)}.`}
      </p>
      {error && (
        <p role="alert" className="flota-accounts-error">
          {error}
        </p>
      )}
      <button type="submit" className="flota-button flota-button--secondary" disabled={saving.isLoading}>
        Guardar tarifa
      </button>
    </form>
  );
}
