/**
 * Ajustes (issue 46, item 8): the fleet's settings in one place. The Dueño finds the "Pedir un taxi"
 * and tracking settings there (no longer folded under Despacho's board), with the automatic offer of
 * web requests; each role sees only what its server routes accept.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TrackingSettings } from '../../contract/api';
import type { DeskRole } from '../../contract/entities';
import { serveLedger } from '../testing/fakeAccounts';
import { demoUser } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { server } from '../testing/mswServer';
import { renderApp } from '../testing/renderApp';

const SLOW = { timeout: 10_000 };
const PHONE_LABEL = 'Teléfono de la central (botón «Llamar a la central»)';

function signInAs(role: DeskRole) {
  const person = role === 'dueño' ? demoUser : { ...demoUser, id: 7, rut: '66666662', first_name: 'Daniela', last_name: 'Pérez', email: 'daniela@example.cl', role };
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ user: person })));
}

function serveTracking(initial: Omit<TrackingSettings, 'requests_path'>) {
  const saved: unknown[] = [];
  let current: TrackingSettings = { ...initial, requests_path: '/pedir/FLOTA1' };
  server.use(
    http.get(`${API}/tracking/settings`, () => HttpResponse.json({ settings: current })),
    http.put(`${API}/tracking/settings`, async ({ request }) => {
      const body = (await request.json()) as TrackingSettings;
      if (body.phone && !/^[+0-9 ()-]*$/.test(body.phone)) return HttpResponse.json({ error: 'Datos inválidos', fields: { phone: 'El teléfono solo puede tener números, espacios y +' } }, { status: 400 });
      saved.push(body);
      current = { ...body, requests_path: current.requests_path };
      return HttpResponse.json({ settings: current });
    }),
  );
  return { saved };
}

describe('Ajustes', () => {
  it('the Dueño sets the passenger’s page there: a bad phone is said in Spanish and not saved; requests offered at once is on, and can be switched off', async () => {
    serveLedger({ today: '2026-12-07' });
    const { saved } = serveTracking({ phone: null, position_after_boarding: false, requests_enabled: true, requests_auto_offer: true });
    const { user } = renderApp('/dashboard/settings', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajustes' }, SLOW)).toBeInTheDocument();
    const tracking = await screen.findByRole('form', { name: 'Ajustes del seguimiento' }, SLOW);
    expect(within(tracking).getByRole('textbox', { name: 'Dirección de la página Pedir un taxi' })).toHaveValue(`${window.location.origin}/pedir/FLOTA1`);
    const autoOffer = within(tracking).getByRole('checkbox', { name: /Ofrecer cada pedido web en el acto al taxi libre más cercano/ });
    expect(autoOffer).toBeChecked();

    const phone = within(tracking).getByLabelText(PHONE_LABEL);
    await user.type(phone, 'llámame');
    await user.click(within(tracking).getByRole('button', { name: 'Guardar' }));
    expect(await within(tracking).findByRole('alert')).toHaveTextContent('El teléfono solo puede tener números, espacios y +');
    expect(saved).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '+56 33 271 1234');
    await user.click(autoOffer);
    await user.click(within(tracking).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ajustes del seguimiento guardados', {}, SLOW)).toBeInTheDocument();
    expect(saved).toEqual([{ phone: '+56 33 271 1234', position_after_boarding: false, requests_enabled: true, requests_auto_offer: false }]);
    expect(await screen.findByRole('checkbox', { name: /Ofrecer cada pedido web/ })).not.toBeChecked();
  });

  it('gathers the other settings: documents, accounts and the taxímetro here, alert rules and notices linked', async () => {
    serveLedger({ today: '2026-12-07' });
    serveTracking({ phone: null, position_after_boarding: false, requests_enabled: false, requests_auto_offer: true });
    renderApp('/dashboard/settings', { signedIn: true });
    expect(await screen.findByRole('form', { name: 'Ajustes de cuentas' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Tarifa del taxímetro' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Ajustes de vencimientos' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reglas de alertas' })).toHaveAttribute('href', '/dashboard/zones');
    expect(screen.getByRole('link', { name: 'Correo y webhooks' })).toHaveAttribute('href', '/dashboard/notifications');
  });

  it('an Administrador sees the fleet’s settings but not the Dueño’s passenger page; an operador is sent to the dashboard', async () => {
    serveLedger({ today: '2026-12-07' });
    signInAs('administrador');
    const first = renderApp('/dashboard/settings', { signedIn: true });
    expect(await screen.findByRole('form', { name: 'Ajustes de cuentas' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pedir un taxi y seguimiento del pasajero' })).toBeNull();
    first.unmount();

    signInAs('operador');
    const { router } = renderApp('/dashboard/settings', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Panel de Control' }, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Despacho no longer folds the settings under its board: the Dueño finds a link to Ajustes', async () => {
    server.use(http.get(`${API}/dispatch/places`, () => HttpResponse.json({ places: [] })));
    const { user, router } = renderApp('/dashboard/dispatch', { signedIn: true });
    const hint = await screen.findByText(/La página «Pedir un taxi» y el seguimiento del pasajero se ajustan en/, {}, SLOW);
    expect(screen.queryByRole('form', { name: 'Ajustes del seguimiento' })).toBeNull();
    await user.click(within(hint).getByRole('link', { name: 'Ajustes' }));
    expect(router.state.location.pathname).toBe('/dashboard/settings');
  });
});
