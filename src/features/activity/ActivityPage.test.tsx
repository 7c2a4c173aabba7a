import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ActivityEntry } from '../../../contract/entities';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const entry = (id: number, overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  created_at: '2026-11-22T15:04:00.000Z',
  actor_id: 1,
  actor_role: 'dueño',
  actor_name: 'Carolina Muñoz',
  entity: 'driver',
  entity_id: 5,
  entity_label: 'Rosa Vera',
  action: 'updated',
  changes: { phone: { before: '+56 9 1111 2222', after: '+56 9 3333 4444' }, password_changed: { before: false, after: true } },
  ip: '10.0.0.7',
  ...overrides,
});

const entries = [
  entry(3, {}),
  entry(2, { actor_role: 'administrador', actor_id: 2, actor_name: 'Javier Rojas', entity: 'vehicle', entity_label: 'BCDF12', action: 'created', changes: { plate_number: { before: null, after: 'BCDF12' }, is_active: { before: null, after: true } } }),
];

/** GET /activity answering page by page (2 entries per page, 3 in all), recording each query. */
function fakeActivity() {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/activity`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const all = query.entity === 'vehicle' ? [entries[1]] : [...entries, entry(1, { action: 'deleted', entity_label: 'Luis Soto', changes: { first_name: { before: 'Luis', after: null } } })];
      const size = Number(query.page_size);
      const page = Number(query.page);
      return HttpResponse.json({
        entries: all.slice((page - 1) * size, page * size),
        total: all.length,
        page,
        page_size: size,
        actors: [
          { key: 'dueño:1', name: 'Carolina Muñoz', role: 'dueño' },
          { key: 'administrador:2', name: 'Javier Rojas', role: 'administrador' },
        ],
      });
    }),
  );
  return queries;
}

describe('Actividad', () => {
  it('shows who did what, the fields before and after, when and from where; never a password', async () => {
    fakeActivity();
    renderApp('/dashboard/activity', { signedIn: true });
    expect(await screen.findByText(/Página 1 de 1/, {}, { timeout: 5000 })).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const first = rows[1];
    expect(first).toHaveTextContent('22/11/2026');
    expect(within(first).getByText('Carolina Muñoz')).toBeInTheDocument();
    expect(within(first).getByText('Dueño')).toBeInTheDocument();
    expect(first).toHaveTextContent('Modificó conductor Rosa Vera');
    expect(first).toHaveTextContent('Teléfono: +56 9 1111 2222 → +56 9 3333 4444');
    expect(first).toHaveTextContent('Contraseña: cambiada');
    expect(first).toHaveTextContent('10.0.0.7');
    expect(rows[2]).toHaveTextContent('Creó vehículo BCDF12');
    expect(rows[2]).toHaveTextContent('Patente: BCDF12');
  });

  it('filters by person and kind, and checks the dates before asking', async () => {
    const queries = fakeActivity();
    const { user } = renderApp('/dashboard/activity', { signedIn: true });
    expect(await screen.findByText(/Página 1 de 1/, {}, { timeout: 5000 })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Persona'), 'Javier Rojas (Administrador)');
    await user.selectOptions(screen.getByLabelText('Tipo de registro'), 'Vehículo');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ actor: 'administrador:2', entity: 'vehicle', page: '1', page_size: '25' }));
    // The previous page stays on screen until the filtered answer arrives.
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));

    await user.type(screen.getByLabelText('Fecha Inicio'), '2026-11-20');
    await user.type(screen.getByLabelText('Fecha Fin'), '2026-11-10');
    const sentBefore = queries.length;
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('La Fecha Fin no puede ser anterior a la Fecha Inicio')).toBeInTheDocument();
    expect(queries).toHaveLength(sentBefore);
  });
});
