import { Link } from 'react-router-dom';
import { formatPesos } from '../../../contract/money';
import { useGetBalancesQuery } from './driverAccountsApi';

/**
 * The drivers behind by more than the fleet's `behind_days_alert` days, for the dashboard's
 * "Requiere atención" (the app composes it there). Nothing while loading, on failure or when none is behind.
 */
export function AccountsAttention() {
  const { data } = useGetBalancesQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const behind = (data?.balances ?? []).filter((row) => row.balance > 0 && row.days_behind > (data?.behind_days_alert ?? Infinity));
  if (behind.length === 0) return null;
  return (
    <ul className="flota-attention__list" aria-label="Conductores con atraso en su cuenta">
      {behind.map((row) => (
        <li key={row.driver_id} className="flota-attention__item">
          <span>{`${row.first_name} ${row.last_name}: ${row.days_behind} días de atraso, debe ${formatPesos(row.balance)}`}</span>{' '}
          <Link to={`/dashboard/accounts/${row.driver_id}`}>Ver cuenta</Link>
        </li>
      ))}
    </ul>
  );
}
