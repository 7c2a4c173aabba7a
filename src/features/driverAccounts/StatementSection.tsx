import { DateField } from '../../components/form/DateField';
import { formatRut } from '../../../contract/rut';
import { useState } from 'react';
import { formatPesos } from '../../../contract/money';
import { visibleControls } from '../../../contract/plainText';
import { useAppDispatch } from '../../app/hooks';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { downloadBlob } from '../../lib/download';
import { dayText } from './accountDisplay';
import { useGetStatementQuery } from './driverAccountsApi';
import { EntriesTable } from './EntriesTable';
import { monthStart } from './fleetDay';

/** Estado de cuenta: a period's opening balance, entries with the running balance, closing balance; Excel and print. */
export function StatementSection({ driverId, today }: { driverId: number; today: string }) {
  const dispatch = useAppDispatch();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const statement = useGetStatementQuery({ driverId, from, to }, { refetchOnMountOrArgChange: true, skip: !from || !to || from > to });
  const data = statement.currentData;

  async function exportXlsx() {
    if (!data) return;
    try {
      const { statementRows, xlsxBlob } = await import(/* webpackChunkName: "accounts-xlsx" */ './accountsXlsx');
      downloadBlob(`estado-de-cuenta-${data.driver.last_name.toLowerCase().replace(/[^a-z0-9ñáéíóú]+/g, '-')}-${data.from}-a-${data.to}.xlsx`, await xlsxBlob(statementRows(data), 'Estado de cuenta'));
    } catch {
      dispatch(noticeShown('error', 'No se pudo exportar el estado de cuenta.'));
    }
  }

  return (
    <section className="flota-accounts-statement" aria-labelledby="estado-de-cuenta">
      <div className="flota-accounts-statement__head">
        <h2 id="estado-de-cuenta">Estado de cuenta</h2>
        <div className="flota-accounts-row flota-accounts-noprint">
          <label className="flota-accounts-field">
            <span>Desde</span>
            <DateField value={from} max={to} onValueChange={setFrom} />
          </label>
          <label className="flota-accounts-field">
            <span>Hasta</span>
            <DateField value={to} min={from} onValueChange={setTo} />
          </label>
          <button type="button" className="flota-button flota-button--primary" disabled={!data} onClick={() => void exportXlsx()}>
            Exportar Excel
          </button>
          <button type="button" className="flota-button flota-button--secondary" disabled={!data} onClick={() => window.print()}>
            Imprimir
          </button>
        </div>
      </div>
      {statement.isError && !statement.isFetching ? (
        <LoadFailure message="No se pudo cargar el estado de cuenta." onRetry={() => void statement.refetch()} />
      ) : !data ? (
        <LoadingText>Cargando estado de cuenta...</LoadingText>
      ) : (
        <>
          <p className="flota-accounts-print-only">{`${visibleControls(`${data.driver.first_name} ${data.driver.last_name}`)} · RUT ${formatRut(data.driver.rut)} · del ${dayText(data.from)} al ${dayText(data.to)}`}</p>
          <dl className="flota-accounts-figures">
            <div>
              <dt>Saldo inicial</dt>
              <dd>{formatPesos(data.opening_balance)}</dd>
            </div>
            <div>
              <dt>Cargos</dt>
              <dd>{formatPesos(data.charges_total)}</dd>
            </div>
            <div>
              <dt>Abonos</dt>
              <dd>{formatPesos(data.payments_total)}</dd>
            </div>
            <div>
              <dt>Saldo final</dt>
              <dd data-testid="saldo-final">{formatPesos(data.closing_balance)}</dd>
            </div>
          </dl>
          <EntriesTable caption={`Movimientos del ${dayText(data.from)} al ${dayText(data.to)}`} entries={data.entries} />
        </>
      )}
    </section>
  );
}
