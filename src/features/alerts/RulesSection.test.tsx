/**
 * Reglas on the Zonas screen (issue 33, item 3): the Dueño lists, creates, edits and deletes rules,
 * for chosen zones and taxis; the server's Spanish refusal is shown and nothing is listed as saved.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import type { AlertRule, Zone } from '../../../contract/alerts';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { testStore } from '../../testing/testStore';
import { RulesSection } from './RulesSection';

// The Zonas screen's drawing map (terra-draw) needs WebGL: the section is rendered alone, with the app's store.
const TAXIS = [
  { id: 7, plate: 'ABCD12' },
  { id: 8, plate: 'WXYZ98' },
];
function renderRules({ taxis = TAXIS as typeof TAXIS | null, taxisFailed = false } = {}) {
  const store = testStore();
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <RulesSection zones={[TERMINAL]} taxis={taxis} taxisFailed={taxisFailed} />
    </Provider>,
  );
  return { user };
}

const SLOW = { timeout: 10_000 };

function fakeRules(initial: AlertRule[]) {
  let rules = [...initial];
  const bodies: unknown[] = [];
  server.use(
    http.get(`${API}/alert-rules`, () => HttpResponse.json({ rules })),
    http.post(`${API}/alert-rules`, async ({ request }) => {
      const body = (await request.json()) as Omit<AlertRule, 'id'>;
      bodies.push(body);
      if (body.email_to.some((email) => !email.includes('@'))) return HttpResponse.json({ error: 'Correo electrónico inválido' }, { status: 400 });
      const rule = { ...body, id: 90 + rules.length };
      rules = [...rules, rule];
      return HttpResponse.json({ rule }, { status: 201 });
    }),
    http.put(`${API}/alert-rules/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Omit<AlertRule, 'id'>;
      bodies.push(body);
      const rule = { ...body, id: Number(params.id) };
      rules = rules.map((r) => (r.id === rule.id ? rule : r));
      return HttpResponse.json({ rule });
    }),
    http.delete(`${API}/alert-rules/:id`, ({ params }) => {
      rules = rules.filter((r) => r.id !== Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
  );
  return bodies;
}

const TERMINAL: Zone = { id: 5, name: 'Terminal', kind: 'terminal', color: '#2563eb', geometry: { type: 'Point', coordinates: [-71.2, -32.4] }, radius_m: 300, speed_limit_kmh: null, dwell_minutes: null, active_hours: null, created_at: '2026-11-27T08:00:00.000Z', updated_at: '2026-11-27T08:00:00.000Z' };
const sosRule: AlertRule = { id: 1, name: 'SOS al escritorio', kinds: ['sos'], zone_ids: null, vehicle_ids: null, desk: true, email_to: [] };
const rulesList = () => screen.getByRole('region', { name: 'Reglas' });

describe('Reglas', () => {
  it('lists the rules, creates one for a zone, a taxi and e-mail, edits it and deletes it', async () => {
    const bodies = fakeRules([sosRule]);
    const { user } = renderRules();
    expect(await screen.findByText(/SOS al escritorio/, {}, SLOW)).toBeInTheDocument();
    expect(within(rulesList()).getByText(/SOS · Todas las zonas · Todos los taxis · Escritorio/)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Nueva regla' });
    await user.type(within(form).getByLabelText('Nombre de la regla'), 'Terminal');
    await user.click(within(form).getByLabelText('Entrada a zona'));
    await user.click(await within(form).findByLabelText('Terminal', {}, SLOW));
    await user.click(within(within(form).getByRole('group', { name: 'Taxis (ninguno marcado: todos)' })).getByLabelText('ABCD12'));
    await user.type(within(form).getByLabelText('Correos (separados por coma, opcional)'), 'jefe@taxis.cl, turno@taxis.cl');
    await user.click(within(form).getByRole('button', { name: 'Guardar regla' }));
    expect(await screen.findByText('Regla «Terminal» guardada.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ name: 'Terminal', kinds: ['zone_enter'], zone_ids: [5], vehicle_ids: [7], desk: true, email_to: ['jefe@taxis.cl', 'turno@taxis.cl'] });
    expect(await within(rulesList()).findByText(/Entrada a zona · Terminal · ABCD12 · Escritorio, jefe@taxis.cl, turno@taxis.cl/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar Terminal' }));
    const edit = screen.getByRole('form', { name: 'Editar regla' });
    expect(within(edit).getByLabelText('Nombre de la regla')).toHaveValue('Terminal');
    expect(within(edit).getByLabelText('ABCD12')).toBeChecked();
    await user.click(within(edit).getByLabelText('WXYZ98'));
    await user.click(within(edit).getByLabelText('Avisar en el escritorio'));
    await user.click(within(edit).getByRole('button', { name: 'Guardar regla' }));
    expect(await within(rulesList()).findByText(/Entrada a zona · Terminal · ABCD12, WXYZ98 · jefe@taxis.cl, turno@taxis.cl$/)).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ desk: false, zone_ids: [5], vehicle_ids: [7, 8] });

    await user.click(screen.getByRole('button', { name: 'Eliminar Terminal' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar Terminal' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Eliminar SOS al escritorio' })).toBeInTheDocument();
  });

  it('shows the server’s Spanish refusal and lists nothing new', async () => {
    fakeRules([]);
    const { user } = renderRules();
    expect(await screen.findByText('Sin reglas: ninguna alerta se avisa.', {}, SLOW)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Nueva regla' });
    await user.type(within(form).getByLabelText('Nombre de la regla'), 'Mala');
    await user.click(within(form).getByLabelText('SOS'));
    await user.type(within(form).getByLabelText('Correos (separados por coma, opcional)'), 'no-es-correo');
    await user.click(within(form).getByRole('button', { name: 'Guardar regla' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo electrónico inválido');
    expect(screen.getByText('Sin reglas: ninguna alerta se avisa.')).toBeInTheDocument();
  });

  it('keeps a rule’s taxis when the taxis cannot be read, and says so', async () => {
    const bodies = fakeRules([{ ...sosRule, id: 3, name: 'Solo dos', vehicle_ids: [7, 8] }]);
    const { user } = renderRules({ taxis: null, taxisFailed: true });
    await user.click(await screen.findByRole('button', { name: 'Editar Solo dos' }, SLOW));
    const edit = screen.getByRole('form', { name: 'Editar regla' });
    expect(within(edit).getByRole('alert')).toHaveTextContent('No se pudieron cargar los taxis: la regla conserva los que ya tenía.');
    await user.click(within(edit).getByRole('button', { name: 'Guardar regla' }));
    await waitFor(() => expect(bodies[0]).toMatchObject({ vehicle_ids: [7, 8] }));
  });
});
