/**
 * Mantención's side of the fake server (contract/maintenance.ts): taxis with an odometer, plans and
 * services. A reading moves what remains of each plan by kilometres, and a service of a plan's kind
 * restarts it, by the server's rule in short (dueRule.ts: "próxima" from 1.000 km before, "vencida"
 * once passed; by kilometres only here, the calendar being the server tests' job). Bodies are judged
 * by the contract's schemas, so bad input gets the server's Spanish 400. What the page sent is in
 * `sent`.
 */
import { http, HttpResponse } from 'msw';
import {
  maintenancePlanRequestSchema,
  maintenanceRecordRequestSchema,
  odometerRequestSchema,
  type MaintenancePlan,
  type MaintenanceRecord,
  type Odometer,
} from '../../contract/maintenance';
import { API } from './apiEdge';
import { server } from './mswServer';

export interface FakeTaxi {
  id: number;
  plate: string;
  odometer: Odometer | null;
  plans: MaintenancePlan[];
  records: MaintenanceRecord[];
}

export function reading(currentKm: number, readOn = '2026-11-01', measuredKm = 0): Odometer {
  return { reading_km: currentKm - measuredKm, read_on: readOn, measured_km: measuredKm, current_km: currentKm };
}

/** A plan by kilometres (and months), its due kilometres counted from its last service. */
export function kmPlan(overrides: Partial<MaintenancePlan> & Pick<MaintenancePlan, 'id' | 'vehicle_id' | 'kind' | 'every_km'> & { last_done_km: number }): MaintenancePlan {
  return { every_months: null, last_done_on: '2026-06-01', next_due_km: null, next_due_on: null, remaining_km: null, remaining_days: null, status: 'al_dia', ...overrides };
}

/** What remains of a km plan at the taxi's current kilometres. */
function judged(plan: MaintenancePlan, odometer: Odometer | null): MaintenancePlan {
  if (plan.every_km === null || plan.last_done_km === null) return plan;
  const next = plan.last_done_km + plan.every_km;
  if (!odometer) return { ...plan, next_due_km: next, remaining_km: null, status: 'sin_odometro' };
  const remaining = next - odometer.current_km;
  return { ...plan, next_due_km: next, remaining_km: remaining, status: remaining < 0 ? 'vencida' : remaining <= 1000 ? 'proxima' : 'al_dia' };
}

const badInput = (error: string) => HttpResponse.json({ error }, { status: 400 });

export function serveMaintenance(initial: FakeTaxi[]) {
  const taxis = initial.map((taxi) => ({ ...taxi, plans: taxi.plans.map((plan) => judged(plan, taxi.odometer)) }));
  const sent: { method: string; path: string; body: unknown }[] = [];
  let nextId = 500;
  const taxiOf = (id: unknown) => taxis.find((taxi) => taxi.id === Number(id));
  const rejudge = (taxi: FakeTaxi) => (taxi.plans = taxi.plans.map((plan) => judged(plan, taxi.odometer)));
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    sent.push({ method: request.method, path: new URL(request.url).pathname.replace(/^\/api/, ''), body: text ? JSON.parse(text) : null });
  };
  const notFound = () => HttpResponse.json({ error: 'Vehículo no encontrado' }, { status: 404 });

  server.use(
    http.get(`${API}/maintenance`, () => HttpResponse.json({ vehicles: taxis.map((taxi) => ({ vehicle_id: taxi.id, plate_number: taxi.plate, odometer: taxi.odometer, plans: taxi.plans })) })),
    http.get(`${API}/maintenance/vehicles/:id`, ({ params }) => {
      const taxi = taxiOf(params.id);
      if (!taxi) return notFound();
      return HttpResponse.json({ vehicle: { id: taxi.id, plate_number: taxi.plate }, odometer: taxi.odometer, plans: taxi.plans, records: [...taxi.records].sort((a, b) => b.done_on.localeCompare(a.done_on)) });
    }),
    http.put(`${API}/maintenance/vehicles/:id/odometer`, async ({ request, params }) => {
      await record(request);
      const taxi = taxiOf(params.id);
      if (!taxi) return notFound();
      const parsed = odometerRequestSchema.safeParse(await request.json());
      if (!parsed.success) return badInput(parsed.error.issues[0].message);
      taxi.odometer = reading(parsed.data.reading_km, parsed.data.read_on);
      rejudge(taxi);
      return HttpResponse.json({ odometer: taxi.odometer });
    }),
    http.post(`${API}/maintenance/vehicles/:id/plans`, async ({ request, params }) => {
      await record(request);
      const taxi = taxiOf(params.id);
      if (!taxi) return notFound();
      const parsed = maintenancePlanRequestSchema.safeParse(await request.json());
      if (!parsed.success) return badInput(parsed.error.issues[0].message);
      const plan = judged({ id: (nextId += 1), vehicle_id: taxi.id, ...parsed.data, next_due_km: null, next_due_on: null, remaining_km: null, remaining_days: null, status: 'al_dia' }, taxi.odometer);
      taxi.plans = [...taxi.plans, plan];
      return HttpResponse.json({ plan }, { status: 201 });
    }),
    http.delete(`${API}/maintenance/plans/:id`, async ({ request, params }) => {
      await record(request);
      for (const taxi of taxis) taxi.plans = taxi.plans.filter((plan) => plan.id !== Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
    http.post(`${API}/maintenance/vehicles/:id/records`, async ({ request, params }) => {
      await record(request);
      const taxi = taxiOf(params.id);
      if (!taxi) return notFound();
      const parsed = maintenanceRecordRequestSchema.safeParse(await request.json());
      if (!parsed.success) return badInput(parsed.error.issues[0].message);
      const { workshop, notes, ...rest } = parsed.data;
      const saved: MaintenanceRecord = { id: (nextId += 1), vehicle_id: taxi.id, ...rest, workshop: workshop ?? null, notes: notes ?? null, created_at: `${rest.done_on}T15:00:00.000Z` };
      taxi.records = [...taxi.records, saved];
      // A service of a plan's kind restarts that plan from it.
      taxi.plans = taxi.plans.map((plan) => (plan.kind.toLowerCase() === saved.kind.toLowerCase() ? judged({ ...plan, last_done_on: saved.done_on, last_done_km: saved.odometer_km }, taxi.odometer) : plan));
      return HttpResponse.json({ record: saved }, { status: 201 });
    }),
    http.delete(`${API}/maintenance/records/:id`, async ({ request, params }) => {
      await record(request);
      for (const taxi of taxis) taxi.records = taxi.records.filter((saved) => saved.id !== Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
  );
  return { sent };
}
