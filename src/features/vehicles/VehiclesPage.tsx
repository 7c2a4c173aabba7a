import { PageHeader } from '../../components/PageHeader';

export function VehiclesPage() {
  return (
    <section>
      <PageHeader title="Vehículos" />
    </section>
  );
}
