/**
 * The passenger's page (/seguimiento/:token), its own webpack entry: no React, no store, no
 * MapLibre, no socket.io client. It reads the trip once, then follows it over server-sent events
 * (the browser's EventSource reconnects by itself); when the link stops answering it says
 * "Este viaje terminó" and stops asking.
 */
import type { TrackingView, TrackingViewResponse } from '../../contract/tracking';
import './passenger.css';
import { readTiles as tiles } from './tiles';
import { createTripPage } from './tripPage';

const RETRY_MS = 10_000;

type Read = { view: TrackingView } | { gone: true } | { problem: string };

async function readTrip(token: string): Promise<Read> {
  try {
    const response = await fetch(`/api/public/tracking/${encodeURIComponent(token)}`, { cache: 'no-store' });
    if (response.status === 404) return { gone: true };
    if (response.status === 429) return { problem: 'Demasiadas solicitudes. Espere un minuto y vuelva a abrir el enlace.' };
    if (!response.ok) return { problem: 'No pudimos cargar su viaje. Intente nuevamente en unos segundos.' };
    return { view: ((await response.json()) as TrackingViewResponse).tracking };
  } catch {
    return { problem: 'Sin conexión. Revise su internet; la página se actualizará sola.' };
  }
}

async function start(): Promise<void> {
  const root = document.getElementById('trip');
  if (!root) return;
  const token = decodeURIComponent(location.pathname.split('/')[2] ?? '');
  const [first, tileConfig] = await Promise.all([readTrip(token), tiles()]);
  const page = createTripPage(root, tileConfig);
  let last: TrackingView | null = null;
  const show = (view: TrackingView) => {
    last = view;
    page.show(view);
  };
  if ('gone' in first) return page.gone();
  if ('problem' in first) return page.problem(first.problem);
  show(first.view);

  const follow = () => {
    const stream = new EventSource(`/api/public/tracking/${encodeURIComponent(token)}/stream`);
    stream.addEventListener('view', (event) => show(JSON.parse((event as MessageEvent<string>).data) as TrackingView));
    stream.addEventListener('gone', () => {
      stream.close();
      // A cancelled trip's last view says Cancelado; anything else ends in "Este viaje terminó".
      if (last?.state !== 'cancelado') page.gone();
    });
    stream.addEventListener('error', () => {
      if (stream.readyState !== EventSource.CLOSED) return;
      // The server refused the stream (404, 429): ask once what became of the trip, then maybe again later.
      void readTrip(token).then((read) => {
        if ('gone' in read) return page.gone();
        if ('view' in read) show(read.view);
        setTimeout(follow, RETRY_MS);
      });
    });
  };
  follow();
}

void start();
