import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatPesos } from '../../../contract/money';
import { usePermissions } from '../../app/hooks';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { balanceText, dayText, termsText } from './accountDisplay';
import { useGetDriverAccountQuery } from './driverAccountsApi';
import { EntriesTable } from './EntriesTable';
import { EntryForm } from './EntryForm';
import { fleetToday } from './fleetDay';
import { StatementSection } from './StatementSection';
import { TermsForm } from './TermsForm';
import './driverAccounts.css';

/** A driver's account: balance, terms (and their history), record a payment or a charge, the last entries, the estado de cuenta. */
export function DriverAccountPage() {
  const titleId = useId();
  const driverId = Number(useParams().driverId);
  const { manageFleet } = usePermissions();
  const account = useGetDriverAccountQuery(driverId, { refetchOnMountOrArgChange: true });
  const data = account.currentData;
  const today = fleetToday();
  const refresh = () => void account.refetch();

  if (account.isError && !account.isFetching) return <LoadFailure message="No se pudo cargar la cuenta." onRetry={refresh} />;
  if (!data) return <LoadingText>Cargando cuenta...</LoadingText>;
  const { account: mine } = data;
  return (
    <section className="flota-accounts" aria-labelledby={titleId}>
      <PageHeader id={titleId} title={`Cuenta de ${mine.first_name} ${mine.last_name}`} subtitle={termsText(mine.terms)}>
        <Link className="flota-button flota-button--secondary" to="/dashboard/accounts">
          Volver a Cuentas
        </Link>
      </PageHeader>
      <dl className="flota-accounts-figures flota-accounts-noprint">
        <div>
          <dt>Saldo</dt>
          <dd data-testid="saldo" className={mine.balance > 0 ? 'flota-accounts--owes' : mine.balance < 0 ? 'flota-accounts--credit' : ''}>
            {balanceText(mine.balance)}
          </dd>
        </div>
        <div>
          <dt>Días de atraso</dt>
          <dd>{mine.days_behind}</dd>
        </div>
      </dl>
      <div className="flota-accounts-forms flota-accounts-noprint">
        <EntryForm driverId={driverId} canCharge={manageFleet} onSaved={refresh} />
        {manageFleet && <TermsForm driverId={driverId} today={today} onSaved={refresh} />}
      </div>
      {data.terms_history.length > 0 && (
        <details className="flota-accounts-card flota-accounts-noprint">
          <summary>Historial de condiciones</summary>
          <ul>
            {data.terms_history.map((terms) => (
              <li key={terms.id}>{`${termsText(terms)} desde el ${dayText(terms.effective_from)} (registró ${terms.recorded_by})`}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="flota-accounts-noprint">
        <h2>Últimos movimientos</h2>
        <EntriesTable caption={`Últimos movimientos; saldo ${formatPesos(mine.balance)}`} entries={data.entries} canReverse={manageFleet} onReversed={refresh} />
      </div>
      <StatementSection driverId={driverId} today={today} />
    </section>
  );
}
