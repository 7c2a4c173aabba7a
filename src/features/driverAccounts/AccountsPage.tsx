import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPesos } from '../../../contract/money';
import { usePermissions } from '../../app/hooks';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { balanceText, termsText } from './accountDisplay';
import { AccountSettingsForm } from './AccountSettingsForm';
import { useGetBalancesQuery } from './driverAccountsApi';
import { FareTariffForm } from './FareTariffForm';
import './driverAccounts.css';

type Order = 'debt' | 'name';

/**
 * Cuentas: every driver's balance ("debe" / "a favor"), days behind and terms, most owed first (or by
 * name); a driver opens their account; the cierre del día and, for managers, the fleet's settings.
 */
export function AccountsPage() {
  const titleId = useId();
  const { manageFleet } = usePermissions();
  const balances = useGetBalancesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [order, setOrder] = useState<Order>('debt');
  const data = balances.currentData;
  const rows = useMemo(() => {
    const list = [...(data?.balances ?? [])];
    if (order === 'name') list.sort((a, b) => `${a.last_name} ${a.first_name}`.localeCompare(`${b.last_name} ${b.first_name}`, 'es'));
    return list;
  }, [data, order]);

  return (
    <section className="flota-accounts" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Cuentas" subtitle={data ? `Deuda total de la flota: ${formatPesos(data.total_owed)}` : undefined}>
        <Link className="flota-button flota-button--primary" to="/dashboard/accounts/closing">
          Cierre del día
        </Link>
      </PageHeader>
      {balances.isError && !balances.isFetching ? (
        <LoadFailure message="No se pudieron cargar las cuentas." onRetry={() => void balances.refetch()} />
      ) : !data ? (
        <LoadingText>Cargando cuentas...</LoadingText>
      ) : (
        <div className="flota-accounts__box">
          <table className="flota-accounts-table">
            <caption className="flota-accounts-table__caption">Saldos de los conductores</caption>
            <thead>
              <tr>
                <th scope="col">
                  <button type="button" className="flota-accounts-sort" aria-pressed={order === 'name'} onClick={() => setOrder('name')}>
                    Conductor
                  </button>
                </th>
                <th scope="col">Condiciones</th>
                <th scope="col" className="flota-accounts-table__number" aria-sort={order === 'debt' ? 'descending' : 'none'}>
                  <button type="button" className="flota-accounts-sort" aria-pressed={order === 'debt'} onClick={() => setOrder('debt')}>
                    Saldo
                  </button>
                </th>
                <th scope="col" className="flota-accounts-table__number">Días de atraso</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.driver_id} className={row.days_behind > data.behind_days_alert ? 'flota-accounts-table__late' : undefined}>
                  <th scope="row">
                    <Link to={`/dashboard/accounts/${row.driver_id}`}>{`${row.first_name} ${row.last_name}`}</Link>
                  </th>
                  <td>{termsText(row.terms)}</td>
                  <td className={`flota-accounts-table__number ${row.balance > 0 ? 'flota-accounts--owes' : row.balance < 0 ? 'flota-accounts--credit' : ''}`}>{balanceText(row.balance)}</td>
                  <td className="flota-accounts-table__number">{row.days_behind}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manageFleet && (
        <div className="flota-accounts-forms">
          <AccountSettingsForm />
          <FareTariffForm />
        </div>
      )}
    </section>
  );
}
