import { PageHeader } from '../../components/PageHeader';

export function DriversPage() {
  return (
    <section>
      <PageHeader title="Conductores" />
    </section>
  );
}
