/**
 * Ajustes (issue 46, item 8): the fleet's settings in the one place an owner looks for them. The
 * forms belong to their features (and Cuentas and Vencimientos keep theirs beside their lists);
 * this screen only gathers them, each shown to the roles its server route accepts. Alert rules live
 * with their zones and the e-mail and webhooks on Notificaciones: linked, not copied.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/PageHeader';
import { TrackingSettingsSection } from '../features/dispatch';
import { DocumentSettingsForm } from '../features/documents';
import { AccountSettingsForm, FareTariffForm } from '../features/driverAccounts';
import { usePermissions } from './hooks';
import './settings.css';

export function SettingsRoute() {
  const { manageUsers } = usePermissions();
  const titleId = useId();
  const elsewhereId = useId();
  return (
    <section className="flota-settings" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Ajustes" subtitle="Cómo trabaja la flota: pedidos web, documentos, cuotas, tarifa, alertas y avisos" />
      {manageUsers && <TrackingSettingsSection />}
      {/* Each of these forms is a titled card of its own (the same as beside its list). */}
      <div className="flota-settings__card">
        <DocumentSettingsForm />
      </div>
      <div className="flota-settings__pair">
        <AccountSettingsForm />
        <FareTariffForm />
      </div>
      <section className="flota-settings__section" aria-labelledby={elsewhereId}>
        <h2 id={elsewhereId}>Alertas y avisos</h2>
        <ul className="flota-settings__links">
          <li>
            <Link to="/dashboard/zones">Reglas de alertas</Link>: cada zona tiene las suyas (entrada, salida, permanencia, velocidad), en Zonas.
          </li>
          <li>
            <Link to="/dashboard/notifications">Correo y webhooks</Link>: dónde avisa Flota, además de la mesa, en Notificaciones.
          </li>
        </ul>
      </section>
    </section>
  );
}
