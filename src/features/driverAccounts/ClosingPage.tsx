import { DateField } from '../../components/form/DateField';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { entryKindLabels } from '../../../contract/accounts';
import { formatPesos } from '../../../contract/money';
import { deskRoleLabels } from '../../../contract/roles';
import type { DeskRole } from '../../../contract/auth';
import { useAppDispatch } from '../../app/hooks';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { PageHeader } from '../../components/PageHeader';
import { downloadBlob } from '../../lib/download';
import { dayText } from './accountDisplay';
import { useGetClosingQuery } from './driverAccountsApi';
import { fleetToday } from './fleetDay';
import './driverAccounts.css';

/** Cierre del día: the day's collections by method and by desk user, the expected cash, and the day's charges; Excel and print. */
export function ClosingPage() {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [date, setDate] = useState(fleetToday);
  const closing = useGetClosingQuery(date, { refetchOnMountOrArgChange: true, skip: !date });
  const data = closing.currentData;

  async function exportXlsx() {
    if (!data) return;
    try {
      const { closingRows, xlsxBlob } = await import(/* webpackChunkName: "accounts-xlsx" */ './accountsXlsx');
      downloadBlob(`cierre-del-dia-${data.date}.xlsx`, await xlsxBlob(closingRows(data), 'Cierre del día'));
    } catch {
      dispatch(noticeShown('error', 'No se pudo exportar el cierre del día.'));
    }
  }

  return (
    <section className="flota-accounts" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Cierre del día" subtitle={data ? dayText(data.date) : undefined}>
        <Link className="flota-button flota-button--secondary" to="/dashboard/accounts">
          Volver a Cuentas
        </Link>
        <button type="button" className="flota-button flota-button--primary" disabled={!data} onClick={() => void exportXlsx()}>
          Exportar Excel
        </button>
        <button type="button" className="flota-button flota-button--secondary" disabled={!data} onClick={() => window.print()}>
          Imprimir
        </button>
      </PageHeader>
      <label className="flota-accounts-field flota-accounts-field--day flota-accounts-noprint">
        <span>Día</span>
        <DateField value={date} max={fleetToday()} onValueChange={setDate} />
      </label>
      {closing.isError && !closing.isFetching ? (
        <LoadFailure message="No se pudo cargar el cierre del día." onRetry={() => void closing.refetch()} />
      ) : !data ? (
        <LoadingText>Cargando cierre del día...</LoadingText>
      ) : (
        <>
          <dl className="flota-accounts-figures">
            <div>
              <dt>Efectivo esperado en caja</dt>
              <dd data-testid="efectivo-esperado">{formatPesos(data.expected_cash)}</dd>
            </div>
            <div>
              <dt>Total recaudado</dt>
              <dd data-testid="total-recaudado">{formatPesos(data.collections_total)}</dd>
            </div>
            <div>
              <dt>Total cargos</dt>
              <dd data-testid="total-cargos">{formatPesos(data.charges_total)}</dd>
            </div>
          </dl>
          <div className="flota-accounts-columns">
            <SumTable caption="Recaudado por medio de pago" first="Medio" rows={data.collections.map((row) => ({ key: row.kind, name: entryKindLabels[row.kind], count: row.count, total: row.total }))} total={data.collections_total} />
            <SumTable caption="Cargos del día" first="Tipo" rows={data.charges.map((row) => ({ key: row.kind, name: entryKindLabels[row.kind], count: row.count, total: row.total }))} total={data.charges_total} />
            <SumTable
              caption="Recaudado por usuario"
              first="Usuario"
              rows={data.by_user.map((row) => ({ key: `${row.role}:${row.name}`, name: `${row.name} (${deskRoleLabels[row.role as DeskRole] ?? row.role})`, count: row.count, total: row.total, cash: row.cash }))}
              total={data.collections_total}
              wide
            />
          </div>
        </>
      )}
    </section>
  );
}

interface SumRow {
  key: string;
  name: string;
  count: number;
  total: number;
  cash?: number;
}

/** `wide`: the whole row of the grid (the by-user table has a fourth column, Efectivo, that a third of 1366 px cut off). */
function SumTable({ caption, first, rows, total, wide = false }: { caption: string; first: string; rows: SumRow[]; total: number; wide?: boolean }) {
  const withCash = rows.some((row) => row.cash !== undefined);
  return (
    <div className={wide ? 'flota-accounts__box flota-accounts__box--wide' : 'flota-accounts__box'}>
      <table className="flota-accounts-table">
        <caption className="flota-accounts-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" className="flota-accounts-table__number">Movimientos</th>
            <th scope="col" className="flota-accounts-table__number">Monto</th>
            {withCash && <th scope="col" className="flota-accounts-table__number">Efectivo</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={4}>Nada registrado.</td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td className="flota-accounts-table__number">{row.count}</td>
              <td className="flota-accounts-table__number">{formatPesos(row.total)}</td>
              {withCash && <td className="flota-accounts-table__number">{formatPesos(row.cash ?? 0)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td className="flota-accounts-table__number">{formatPesos(total)}</td>
            {withCash && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
