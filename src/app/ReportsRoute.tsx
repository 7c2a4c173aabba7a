import { MaintenanceCostsSection } from '../features/maintenance';
import { ReportsPage } from '../features/reports';

/** Reportes with Mantención's costs per taxi and month for the same period. */
const extraSections = (period: { from: string; to: string }) => <MaintenanceCostsSection from={period.from} to={period.to} />;

export function ReportsRoute() {
  return <ReportsPage extraSections={extraSections} />;
}
