import { PageHeader } from '../../components/PageHeader';

export function LiveMapPage() {
  return (
    <section>
      <PageHeader title="Mapa en Vivo" />
    </section>
  );
}
