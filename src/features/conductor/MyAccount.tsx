/**
 * "Mi cuenta" on /conductor: the driver's balance and last entries, read-only (GET /driver/account).
 * The server pushes the account after a trip's charge, a payment or a reversal (account_changed):
 * the driver's channel writes it into this same cache, so it changes without "Actualizar".
 */
import { formatDay } from '../../../contract/dateFormat';
import { entryKindLabels } from '../../../contract/accounts';
import { formatPesos } from '../../../contract/money';
import { useGetMyAccountQuery } from './state/driverApi';
import './myAccount.css';

const balanceText = (balance: number) => (balance > 0 ? `Debes ${formatPesos(balance)}` : balance < 0 ? `A favor: ${formatPesos(-balance)}` : 'Al día');

export function MyAccount({ driverId }: { driverId: number }) {
  const { data: account, isError, refetch } = useGetMyAccountQuery(driverId, { refetchOnMountOrArgChange: true });

  return (
    <section className="flota-conductor__account" aria-labelledby="mi-cuenta">
      <h2 id="mi-cuenta">Mi cuenta</h2>
      {isError && !account ? (
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
      <button type="button" className="flota-conductor__link-button" onClick={() => void refetch()}>
        Actualizar
      </button>
    </section>
  );
}
