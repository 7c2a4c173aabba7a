import { Link } from 'react-router-dom';
import type { BalancesResponse } from '../../../contract/accounts';
import { formatPesos } from '../../../contract/money';
import { Badge } from '../../components/Badge';
import { useGetBalancesQuery } from './driverAccountsApi';

/** The drivers behind by more than the fleet's `behind_days_alert` days: the rows this part adds (counted in "Requiere atención (N)"). */
export const driversBehind = (data: BalancesResponse | undefined) => (data?.balances ?? []).filter((row) => row.balance > 0 && row.days_behind > (data?.behind_days_alert ?? Infinity));

/**
 * The drivers behind on their account, for the dashboard's "Requiere atención" (the app composes it
 * there), each a row like the others: its badge, what is owed, and its link. Nothing while loading,
 * on failure or when none is behind.
 */
export function AccountsAttention() {
  const { data } = useGetBalancesQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const behind = driversBehind(data);
  if (behind.length === 0) return null;
  return (
    <ul className="flota-attention__list" aria-label="Conductores con atraso en su cuenta">
      {behind.map((row) => {
        const name = `${row.first_name} ${row.last_name}`;
        return (
          <li key={row.driver_id} className="flota-attention__item">
            <Badge tone="warning">Cuenta atrasada</Badge>
            <p className="flota-attention__text">
              <strong>{name}</strong>: {row.days_behind} días de atraso, debe {formatPesos(row.balance)}
            </p>
            <span className="flota-attention__actions">
              <Link className="flota-attention__action" to={`/dashboard/accounts/${row.driver_id}`} aria-label={`Ver cuenta de ${name}`}>
                Ver cuenta
              </Link>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
