/**
 * Alertas' side of the fake server: an in-memory inbox behind GET /alerts (filtered by kind and state,
 * newest first), GET /alerts/summary (counted from the same list), POST /alerts/:id/acknowledge and POST /alerts/acknowledge,
 * shaped like contract/alerts.ts. A test raises an alert with `raise` (what the server's engine does)
 * and then pushes it on the fake socket, so the screen is right whichever way the client reaches the
 * cache (a refetch or the push's payload). What the page sent is in `requests`.
 */
import { http, HttpResponse } from 'msw';
import type { Alert, AlertSummary, ZoneMute } from '../../contract/alerts';
import { API, authorized, unauthorized } from './apiEdge';
import { localIso } from './fixtures';
import { server } from './mswServer';

export function makeAlert(overrides: Partial<Alert> = {}): Alert {
  // The position taken when the alert occurred, as the engine's alerts are.
  const occurredAt = overrides.occurred_at ?? localIso(2026, 11, 27, 9, 5);
  return {
    id: 1,
    kind: 'zone_enter',
    occurred_at: occurredAt,
    title: 'BCDF12 entró a Plaza de Armas',
    detail: null,
    shift_id: 40,
    vehicle: { id: 1, plate: 'BCDF12' },
    driver: { id: 1, name: 'Juan Pérez', phone: '+56912345678' },
    zone: { id: 5, name: 'Plaza de Armas' },
    position: { latitude: -32.4519, longitude: -71.2264, speed_kmh: 22, at: occurredAt },
    acknowledged: null,
    presses: 1,
    ...overrides,
  };
}

/** GET /alerts/summary as the server counts it: open alerts, open SOS, and the drivers with one (once each). */
export function summaryOf(alerts: readonly Alert[]): AlertSummary {
  const open = alerts.filter((alert) => !alert.acknowledged);
  const sos = open.filter((alert) => alert.kind === 'sos');
  const drivers = [...new Set(sos.flatMap((alert) => (alert.driver ? [alert.driver.id] : [])))].sort((a, b) => a - b);
  return { open_count: open.length, open_sos: sos.length, sos_drivers: drivers };
}

export interface AlertsRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** Who acknowledges, as the server writes it: the signed-in desk user (the demo owner). */
export const ACKNOWLEDGED_BY = 'Carolina Muñoz';
export const ACKNOWLEDGED_AT = localIso(2026, 11, 27, 9, 30);

/** When a mute made now ends (the fake server's clock: the test's fixed morning). */
export const MUTED_UNTIL = localIso(2026, 11, 27, 10, 30);

export function serveAlerts(initial: Alert[] = []) {
  let alerts = [...initial];
  let mutes: ZoneMute[] = [];
  const requests: AlertsRequest[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'POST' ? await request.clone().text() : '';
    const body = text ? JSON.parse(text) : null;
    requests.push({ method: request.method, path: url.pathname.replace(/^\/api/, ''), query: Object.fromEntries(url.searchParams), body });
  };
  const newestFirst = () => [...alerts].sort((a, b) => b.id - a.id);
  const open = () => alerts.filter((alert) => !alert.acknowledged);
  server.use(
    http.get(`${API}/alerts/summary`, async ({ request }) => {
      await record(request);
      if (!authorized(request)) return unauthorized();
      return HttpResponse.json(summaryOf(alerts));
    }),
    http.get(`${API}/alerts`, async ({ request }) => {
      await record(request);
      if (!authorized(request)) return unauthorized();
      const query = new URL(request.url).searchParams;
      const kind = query.get('kind');
      const state = query.get('state');
      const shown = newestFirst().filter((alert) => (!kind || alert.kind === kind) && (!state || (state === 'open') === !alert.acknowledged));
      return HttpResponse.json({ alerts: shown, open_count: open().length, has_more: false });
    }),
    http.get(`${API}/zones/mutes`, async ({ request }) => {
      await record(request);
      if (!authorized(request)) return unauthorized();
      return HttpResponse.json({ mutes });
    }),
    http.post(`${API}/zones/:id/mute`, async ({ request, params }) => {
      await record(request);
      if (!authorized(request)) return unauthorized();
      const zone = alerts.find((alert) => alert.zone?.id === Number(params.id))?.zone;
      if (!zone) return HttpResponse.json({ error: 'Zona no encontrada' }, { status: 404 });
      const mute = { zone_id: zone.id, zone_name: zone.name, muted_until: MUTED_UNTIL, muted_by: ACKNOWLEDGED_BY };
      mutes = [...mutes.filter((m) => m.zone_id !== zone.id), mute];
      return HttpResponse.json({ mute });
    }),
    http.delete(`${API}/zones/:id/mute`, async ({ request, params }) => {
      await record(request);
      if (!authorized(request)) return unauthorized();
      mutes = mutes.filter((m) => m.zone_id !== Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
    // Before /alerts/:id/acknowledge, which would take "acknowledge" for an id.
    http.post(`${API}/alerts/acknowledge`, async ({ request }) => {
      await record(request);
      if (!authorized(request)) return unauthorized();
      const { ids, kind, note } = (await request.json()) as { ids?: number[]; kind?: string; note?: string | null };
      if (ids?.some((id) => !alerts.some((alert) => alert.id === id))) return HttpResponse.json({ error: 'Alerta no encontrada' }, { status: 404 });
      const chosen = alerts.filter((alert) => !alert.acknowledged && (ids ? ids.includes(alert.id) : alert.kind === kind));
      const by = { at: ACKNOWLEDGED_AT, by: ACKNOWLEDGED_BY, note: note?.trim() || null };
      alerts = alerts.map((alert) => (chosen.includes(alert) ? { ...alert, acknowledged: by } : alert));
      const changed = chosen.map((alert) => ({ ...alert, acknowledged: by })).sort((a, b) => b.id - a.id);
      return HttpResponse.json({ alerts: changed, acknowledged: changed.length });
    }),
    http.post(`${API}/alerts/:id/acknowledge`, async ({ request, params }) => {
      await record(request);
      if (!authorized(request)) return unauthorized();
      const alert = alerts.find((candidate) => candidate.id === Number(params.id));
      if (!alert) return HttpResponse.json({ error: 'Alerta no encontrada' }, { status: 404 });
      const { note } = (await request.json()) as { note: string | null };
      const acknowledged = { ...alert, acknowledged: alert.acknowledged ?? { at: ACKNOWLEDGED_AT, by: ACKNOWLEDGED_BY, note: note?.trim() || null } };
      alerts = alerts.map((candidate) => (candidate.id === alert.id ? acknowledged : candidate));
      return HttpResponse.json({ alert: acknowledged });
    }),
  );
  return {
    requests,
    /** The requests of one method and path ("GET /alerts"). */
    sent: (methodAndPath: string) => requests.filter((request) => `${request.method} ${request.path}` === methodAndPath),
    /** The server's engine raises an alert (a test then pushes it on the socket). */
    raise(alert: Alert) {
      alerts = [...alerts, alert];
      return alert;
    },
    /** The server changed an alert (an SOS's newer position): kept in its place. */
    change(alert: Alert) {
      alerts = alerts.map((candidate) => (candidate.id === alert.id ? alert : candidate));
      return alert;
    },
    /** Another desk acknowledged it. */
    acknowledge(id: number, note: string | null = null) {
      alerts = alerts.map((alert) => (alert.id === id ? { ...alert, acknowledged: { at: ACKNOWLEDGED_AT, by: 'Daniela Pérez', note } } : alert));
      return alerts.find((alert) => alert.id === id) as Alert;
    },
  };
}
