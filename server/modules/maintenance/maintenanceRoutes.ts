/** /api/maintenance: odometer, plans, service records and their costs, every query scoped to the signed-in owner. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  MaintenanceMessages,
  type MaintenanceCosts,
  type MaintenanceOverview,
  type MaintenancePlan,
  type MaintenanceRecord,
  type Odometer,
  type VehicleMaintenance,
} from '../../../contract/maintenance';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { zonedDate } from '../../platform/timeZone';
import type { AlertRaising } from '../alerts';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import { findVehicle } from '../vehicles';
import { addMonths } from './dueRule';
import { costsByVehicleMonth, deletePlan, deleteRecord, findPlan, findRecord, insertPlan, insertRecord, listRecords, saveOdometer, toRecord, updatePlan } from './maintenanceRepo';
import { fleetMaintenance, publicPlan, raiseDue, type ReadContext } from './maintenanceService';
import type { RouteApp } from '../../platform/routeSpec';
import { routeSpecs } from './routeSpecs';

interface Options {
  db: Kysely<Database>;
  clock: Clock;
  timeZone: string;
  raising: AlertRaising;
}

/** What every group of the module's routes shares: the fleet's day, the checks and the alert raise after a write. */
function maintenanceHelpers(app: RouteApp, { db, clock, timeZone, raising }: Options) {
  const context = (): ReadContext => ({ db, timeZone, now: clock.now() });
  const today = () => zonedDate(clock.now(), timeZone);

  /** A date the desk typed may be today at the latest (a service or a reading not yet done is a typo). */
  function notFuture(date: string, field: string): void {
    if (date > today()) throw new HttpError(400, MaintenanceMessages.futureDate, { [field]: MaintenanceMessages.futureDate });
  }

  async function liveVehicle(request: FastifyRequest, id: number) {
    const vehicle = await findVehicle(db, ownerId(request), id);
    if (!vehicle) throw new HttpError(404, MaintenanceMessages.vehicleNotFound);
    return vehicle;
  }

  async function planOf(owner: number, vehicleId: number, planId: number): Promise<MaintenancePlan> {
    const [state] = await fleetMaintenance(context(), owner, vehicleId);
    const plan = state?.plans.find((p) => p.id === planId);
    if (!plan) throw new HttpError(404, MaintenanceMessages.planNotFound);
    return publicPlan(plan);
  }

  /** A write may bring a plan due: its alert is raised now, not at the next sweep. A failure there is logged, the write stands. */
  async function raiseFor(owner: number, vehicleId: number): Promise<void> {
    await raiseDue(context(), raising, owner, vehicleId).catch((error: unknown) => app.log.error({ err: error }, 'Mantención: no se pudieron revisar los planes'));
  }

  return { db, context, notFuture, liveVehicle, planOf, raiseFor };
}

type Helpers = ReturnType<typeof maintenanceHelpers>;

/** The fleet's overview, one vehicle's page and its odometer. */
function vehicleMaintenanceRoutes(app: RouteApp, { db, context, notFuture, liveVehicle, raiseFor }: Helpers) {
  app.get('/maintenance', routeSpecs.overview, async (request): Promise<MaintenanceOverview> => {
    const states = await fleetMaintenance(context(), ownerId(request));
    return { vehicles: states.map((state) => ({ ...state, plans: state.plans.map(publicPlan) })) };
  });

  app.get('/maintenance/vehicles/:id', routeSpecs.vehicle, async (request): Promise<VehicleMaintenance> => {
    const owner = ownerId(request);
    const vehicle = await liveVehicle(request, idParam(request.params, MaintenanceMessages.vehicleNotFound));
    const [[state], records] = await Promise.all([fleetMaintenance(context(), owner, vehicle.id), listRecords(db, owner, vehicle.id)]);
    return { vehicle: { id: vehicle.id, plate_number: vehicle.plate_number }, odometer: state?.odometer ?? null, plans: (state?.plans ?? []).map(publicPlan), records: records.map(toRecord) };
  });

  app.put('/maintenance/vehicles/:id/odometer', routeSpecs.saveOdometer, async (request): Promise<{ odometer: Odometer }> => {
    const owner = ownerId(request);
    const vehicle = await liveVehicle(request, idParam(request.params, MaintenanceMessages.vehicleNotFound));
    const reading = request.body;
    notFuture(reading.read_on, 'read_on');
    const [before] = await fleetMaintenance(context(), owner, vehicle.id);
    await db.transaction().execute(async (trx) => {
      await saveOdometer(trx, owner, vehicle.id, reading);
      const was = before?.odometer ? { reading_km: before.odometer.reading_km, read_on: before.odometer.read_on } : null;
      await recordActivity(trx, request, { entity: 'odometer', entityId: vehicle.id, label: vehicle.plate_number, action: was ? 'updated' : 'created', before: was, after: reading });
    });
    await raiseFor(owner, vehicle.id);
    const [state] = await fleetMaintenance(context(), owner, vehicle.id);
    return { odometer: state!.odometer! };
  });
}

/** A vehicle's plans: create, change, delete. */
function planRoutes(app: RouteApp, { db, notFuture, liveVehicle, planOf, raiseFor }: Helpers) {
  app.post('/maintenance/vehicles/:id/plans', routeSpecs.createPlan, async (request, reply): Promise<{ plan: MaintenancePlan }> => {
    const owner = ownerId(request);
    const vehicle = await liveVehicle(request, idParam(request.params, MaintenanceMessages.vehicleNotFound));
    const plan = request.body;
    notFuture(plan.last_done_on, 'last_done_on');
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await insertPlan(trx, owner, vehicle.id, plan);
      await recordActivity(trx, request, { entity: 'maintenance_plan', entityId: inserted.id, label: `${vehicle.plate_number} · ${plan.kind}`, action: 'created', after: plan });
      return inserted;
    });
    await raiseFor(owner, vehicle.id);
    reply.code(201);
    return { plan: await planOf(owner, vehicle.id, row.id) };
  });

  app.put('/maintenance/plans/:id', routeSpecs.updatePlan, async (request): Promise<{ plan: MaintenancePlan }> => {
    const owner = ownerId(request);
    const id = idParam(request.params, MaintenanceMessages.planNotFound);
    const stored = await findPlan(db, owner, id);
    if (!stored) throw new HttpError(404, MaintenanceMessages.planNotFound);
    const vehicle = await liveVehicle(request, stored.vehicle_id);
    const plan = request.body;
    notFuture(plan.last_done_on, 'last_done_on');
    await db.transaction().execute(async (trx) => {
      await updatePlan(trx, owner, id, plan);
      const { id: _id, owner_id: _owner, vehicle_id: _vehicle, created_at: _created, ...before } = stored;
      await recordActivity(trx, request, { entity: 'maintenance_plan', entityId: id, label: `${vehicle.plate_number} · ${plan.kind}`, action: 'updated', before, after: plan });
    });
    await raiseFor(owner, vehicle.id);
    return { plan: await planOf(owner, vehicle.id, id) };
  });

  app.delete('/maintenance/plans/:id', routeSpecs.deletePlan, async (request): Promise<{ ok: true }> => {
    const owner = ownerId(request);
    const id = idParam(request.params, MaintenanceMessages.planNotFound);
    const stored = await findPlan(db, owner, id);
    if (!stored) throw new HttpError(404, MaintenanceMessages.planNotFound);
    const vehicle = await findVehicle(db, owner, stored.vehicle_id);
    await db.transaction().execute(async (trx) => {
      if (!(await deletePlan(trx, owner, id))) throw new HttpError(404, MaintenanceMessages.planNotFound);
      await recordActivity(trx, request, { entity: 'maintenance_plan', entityId: id, label: `${vehicle?.plate_number ?? `#${stored.vehicle_id}`} · ${stored.kind}`, action: 'deleted', before: stored });
    });
    return { ok: true };
  });
}

/** Service records and what they cost. */
function recordRoutes(app: RouteApp, { db, notFuture, liveVehicle, raiseFor }: Helpers) {
  app.post('/maintenance/vehicles/:id/records', routeSpecs.createRecord, async (request, reply): Promise<{ record: MaintenanceRecord }> => {
    const owner = ownerId(request);
    const vehicle = await liveVehicle(request, idParam(request.params, MaintenanceMessages.vehicleNotFound));
    const record = request.body;
    notFuture(record.done_on, 'done_on');
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await insertRecord(trx, owner, vehicle.id, record);
      await recordActivity(trx, request, { entity: 'maintenance_record', entityId: inserted.id, label: `${vehicle.plate_number} · ${record.kind}`, action: 'created', after: record });
      return inserted;
    });
    await raiseFor(owner, vehicle.id);
    reply.code(201);
    return { record: toRecord(row) };
  });

  app.delete('/maintenance/records/:id', routeSpecs.deleteRecord, async (request): Promise<{ ok: true }> => {
    const owner = ownerId(request);
    const id = idParam(request.params, MaintenanceMessages.recordNotFound);
    const stored = await findRecord(db, owner, id);
    if (!stored) throw new HttpError(404, MaintenanceMessages.recordNotFound);
    const vehicle = await findVehicle(db, owner, stored.vehicle_id);
    await db.transaction().execute(async (trx) => {
      if (!(await deleteRecord(trx, owner, id))) throw new HttpError(404, MaintenanceMessages.recordNotFound);
      await recordActivity(trx, request, { entity: 'maintenance_record', entityId: id, label: `${vehicle?.plate_number ?? `#${stored.vehicle_id}`} · ${stored.kind}`, action: 'deleted', before: toRecord(stored) });
    });
    await raiseFor(owner, stored.vehicle_id);
    return { ok: true };
  });

  app.get('/maintenance/costs', routeSpecs.costs, async (request): Promise<MaintenanceCosts> => {
    const query = request.query;
    const rows = await costsByVehicleMonth(db, ownerId(request), `${query.from}-01`, addMonths(`${query.to}-01`, 1));
    return { rows, total_pesos: rows.reduce((sum, row) => sum + row.cost_pesos, 0) };
  });
}

export const maintenanceRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const helpers = maintenanceHelpers(app, options);
  vehicleMaintenanceRoutes(app, helpers);
  planRoutes(app, helpers);
  recordRoutes(app, helpers);
};
