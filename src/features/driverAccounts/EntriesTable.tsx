import { useState } from 'react';
import type { AccountEntry } from '../../../contract/accounts';
import { formatPesos } from '../../../contract/money';
import { visibleControls } from '../../../contract/plainText';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { dayText, entryDescription, recordedBy } from './accountDisplay';
import { errorText, useReverseEntryMutation } from './driverAccountsApi';
import { newIdempotencyKey } from './idempotencyKey';

interface Props {
  caption: string;
  entries: Array<AccountEntry & { balance?: number }>;
  /** Managers reverse an entry (a new entry naming it); nobody edits or deletes one. */
  canReverse?: boolean;
  onReversed?: () => void;
}

/** The ledger's lines: date, what, reason or reference, who, charge or payment, and the running balance when known. */
export function EntriesTable({ caption, entries, canReverse = false, onReversed }: Props) {
  const dispatch = useAppDispatch();
  const [reverse] = useReverseEntryMutation();
  const [keys] = useState(() => new Map<number, string>());
  const withBalance = entries.some((entry) => entry.balance !== undefined);

  async function reverseEntry(entry: AccountEntry) {
    const reason = window.prompt(`Motivo de la reversa de "${entryDescription(entry)}" por ${formatPesos(Math.abs(entry.amount))}`);
    if (!reason?.trim()) return;
    if (!keys.has(entry.id)) keys.set(entry.id, newIdempotencyKey());
    const result = await reverse({ entryId: entry.id, key: keys.get(entry.id) as string, body: { reason } });
    if ('error' in result) dispatch(noticeShown('error', errorText(result.error)));
    else {
      dispatch(noticeShown('success', 'Movimiento reversado.'));
      onReversed?.();
    }
  }

  return (
    <div className="flota-accounts__box">
      <table className="flota-accounts-table">
        <caption className="flota-accounts-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Movimiento</th>
            <th scope="col">Motivo o referencia</th>
            <th scope="col">Registró</th>
            <th scope="col" className="flota-accounts-table__number">Cargo</th>
            <th scope="col" className="flota-accounts-table__number">Abono</th>
            {withBalance && <th scope="col" className="flota-accounts-table__number">Saldo</th>}
            {canReverse && <th scope="col" className="flota-accounts-noprint">Acciones</th>}
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 && (
            <tr>
              <td colSpan={8}>Sin movimientos.</td>
            </tr>
          )}
          {entries.map((entry) => (
            <tr key={entry.id} className={entry.reversed_by_id !== null ? 'flota-accounts-table__reversed' : undefined}>
              <td className="flota-accounts-table__date">{dayText(entry.date)}</td>
              <td>
                {entryDescription(entry)}
                {entry.reversed_by_id !== null && <span className="flota-accounts-note"> (reversado)</span>}
              </td>
              <td>{visibleControls(entry.reason ?? entry.reference ?? '')}</td>
              <td>{recordedBy(entry)}</td>
              <td className="flota-accounts-table__number">{entry.amount > 0 ? formatPesos(entry.amount) : ''}</td>
              <td className="flota-accounts-table__number">{entry.amount < 0 ? formatPesos(-entry.amount) : ''}</td>
              {withBalance && <td className="flota-accounts-table__number">{formatPesos(entry.balance ?? 0)}</td>}
              {canReverse && (
                <td className="flota-accounts-noprint">
                  {entry.kind !== 'reversa' && entry.reversed_by_id === null && (
                    <button type="button" className="flota-button flota-button--secondary flota-button--small" onClick={() => void reverseEntry(entry)}>
                      Reversar
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
