import { useState, type FormEvent } from 'react';
import { chargeKinds, entryKindLabels, paymentKinds, type EntryCreate } from '../../../contract/accounts';
import { formatPesos, parsePesos } from '../../../contract/money';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { balanceText } from './accountDisplay';
import { errorText, useCreateEntryMutation } from './driverAccountsApi';
import { newIdempotencyKey } from './idempotencyKey';

type Kind = EntryCreate['kind'];

/** Record a payment (anyone at the desk) or a charge (managers): the amount in whole pesos, typed as "20.000". */
export function EntryForm({ driverId, canCharge, onSaved }: { driverId: number; canCharge: boolean; onSaved(): void }) {
  const dispatch = useAppDispatch();
  const [create, creating] = useCreateEntryMutation();
  const [kind, setKind] = useState<Kind>('efectivo');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per filling: a second click or a retry of this same entry stores it once.
  const [key, setKey] = useState(newIdempotencyKey);
  const kinds: Kind[] = canCharge ? [...paymentKinds, ...chargeKinds] : [...paymentKinds];
  const isCharge = (chargeKinds as readonly string[]).includes(kind);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const pesos = parsePesos(amount);
    if (pesos === null || pesos <= 0) {
      setError('Escribe el monto en pesos enteros, por ejemplo 20.000');
      return;
    }
    const result = await create({ driverId, key, body: { kind, amount: pesos, reason: reason || null, reference: reference || null } });
    if ('error' in result) {
      setError(errorText(result.error));
      return;
    }
    setKey(newIdempotencyKey());
    setAmount('');
    setReason('');
    setReference('');
    dispatch(noticeShown('success', `${entryKindLabels[kind]} de ${formatPesos(pesos)} registrado. Saldo: ${balanceText(result.data.balance)}.`));
    onSaved();
  }

  return (
    <form className="flota-accounts-card" onSubmit={(event) => void submit(event)} aria-label="Registrar movimiento">
      <h2>{canCharge ? 'Registrar pago o cargo' : 'Registrar pago'}</h2>
      <div className="flota-accounts-row">
        <label className="flota-accounts-field">
          <span>Tipo</span>
          <select value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            {kinds.map((option) => (
              <option key={option} value={option}>
                {entryKindLabels[option]}
              </option>
            ))}
          </select>
        </label>
        <label className="flota-accounts-field">
          <span>Monto ($)</span>
          <input inputMode="numeric" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} placeholder="20.000" />
        </label>
        {kind === 'transferencia' && (
          <label className="flota-accounts-field">
            <span>Referencia</span>
            <input value={reference} maxLength={100} onChange={(event) => setReference(event.target.value)} />
          </label>
        )}
        {(isCharge || kind === 'descuento') && (
          <label className="flota-accounts-field flota-accounts-field--wide">
            <span>Motivo</span>
            <input value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} />
          </label>
        )}
      </div>
      {error && <p role="alert" className="flota-accounts-error">{error}</p>}
      <button type="submit" className="flota-button flota-button--primary" disabled={creating.isLoading}>
        {creating.isLoading ? 'Guardando...' : 'Registrar'}
      </button>
    </form>
  );
}
