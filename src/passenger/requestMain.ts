/**
 * The "Pedir un taxi" page (/pedir/:fleetCode), its own webpack entry like the tracking page: no
 * React, no store, no zod. It reads the fleet's page once, draws the form, and on success goes to
 * the trip's tracking page ("Buscando taxi"). The map's code (Leaflet) loads only if the passenger
 * chooses to mark the pickup on it.
 */
import type { TaxiRequestPageResponse } from '../../contract/taxiRequests';
import { readTiles } from './tiles';
import { OFFLINE_MESSAGE, outcomeOf, type Outcome } from './requestText';
import { showClosed, showProblem, showRequestPage } from './requestPage';
import './passenger.css';

async function start(): Promise<void> {
  const root = document.getElementById('pedir');
  if (!root) return;
  const code = decodeURIComponent(location.pathname.split('/')[2] ?? '');
  const api = `/api/public/requests/${encodeURIComponent(code)}`;
  let response: Response;
  try {
    response = await fetch(api, { cache: 'no-store' });
  } catch {
    return showProblem(root, OFFLINE_MESSAGE);
  }
  if (response.status === 404) return showClosed(root);
  if (response.status === 429) return showProblem(root, 'Demasiadas solicitudes. Espere un minuto y vuelva a abrir la página.');
  if (!response.ok) return showProblem(root, 'No pudimos cargar la página. Intente nuevamente en unos segundos.');
  const { page } = (await response.json()) as TaxiRequestPageResponse;
  document.title = `Pedir un taxi · ${page.fleet.name}`;
  const send = async (body: Record<string, unknown>): Promise<Outcome> => {
    try {
      const answer = await fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return outcomeOf(answer.status, await answer.json().catch(() => null));
    } catch {
      return { message: OFFLINE_MESSAGE };
    }
  };
  showRequestPage(root, page, { tiles: await readTiles(), send, go: (path) => location.assign(path), loadMap: () => import('./pickMap') });
}

void start();
