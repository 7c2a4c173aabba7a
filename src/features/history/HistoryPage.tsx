import { PageHeader } from '../../components/PageHeader';

export function HistoryPage() {
  return (
    <section>
      <PageHeader title="Historial de Turnos" />
    </section>
  );
}
