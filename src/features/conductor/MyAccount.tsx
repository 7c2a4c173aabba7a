/**
 * "Mi cuenta" on /conductor: the driver's balance and last entries, read-only (GET /driver/account).
 * Self-contained (its own fetch with the driver's token) so the page adds it with one line.
 */
import { formatDay } from '../../../contract/dateFormat';
import { useEffect, useState } from 'react';
import { entryKindLabels, type MyAccountResponse } from '../../../contract/accounts';
import { formatPesos } from '../../../contract/money';
import { joinUrl } from '../../app/api';
import './myAccount.css';

const balanceText = (balance: number) => (balance > 0 ? `Debes ${formatPesos(balance)}` : balance < 0 ? `A favor: ${formatPesos(-balance)}` : 'Al día');

export function MyAccount({ apiBaseUrl, token }: { apiBaseUrl: string; token: string }) {
  const [account, setAccount] = useState<MyAccountResponse | null>(null);
  const [failed, setFailed] = useState(false);
  // Bumped by "Actualizar": the effect asks again.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let current = true;
    fetch(joinUrl(apiBaseUrl, '/driver/account'), { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        return (await response.json()) as MyAccountResponse;
      })
      .then((answer) => {
        if (!current) return;
        setAccount(answer);
        setFailed(false);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [apiBaseUrl, token, asked]);

  return (
    <section className="flota-conductor__account" aria-labelledby="mi-cuenta">
      <h2 id="mi-cuenta">Mi cuenta</h2>
      {failed && !account ? (
        <p role="alert">No se pudo cargar tu cuenta.</p>
      ) : !account ? (
        <p>Cargando tu cuenta...</p>
      ) : (
        <>
          <p className="flota-conductor__balance" data-testid="mi-saldo">
            {balanceText(account.balance)}
            {account.days_behind > 0 && <span>{` · ${account.days_behind} día(s) de atraso`}</span>}
          </p>
          {account.entries.length === 0 ? (
            <p>Sin movimientos.</p>
          ) : (
            <ul className="flota-conductor__entries">
              {account.entries.slice(0, 10).map((entry) => (
                <li key={entry.id}>
                  <span>{`${formatDay(entry.date)} · ${entryKindLabels[entry.kind]}`}</span>
                  <strong>{entry.amount > 0 ? formatPesos(entry.amount) : `−${formatPesos(-entry.amount)}`}</strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <button type="button" className="flota-conductor__link-button" onClick={() => setAsked((n) => n + 1)}>
        Actualizar
      </button>
    </section>
  );
}
