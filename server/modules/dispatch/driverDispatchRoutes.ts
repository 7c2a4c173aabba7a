/**
 * The driver's side of despacho (driver token): the current offer, trip and availability (survives
 * a reload), availability, accept/decline, and the trip's steps. Every answer is the driver's state
 * after the change. Another driver's offer or trip answers 404.
 */
import type { FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { availabilityRequestSchema, type BookingStatus, type DriverDispatchResponse } from '../../../contract/dispatch';
import { tripFinishRequestSchema } from '../../../contract/fares';
import { signedInDriver } from '../identity';
import { driverActionLimit } from '../../platform/edge/driverActionLimit';
import { parseBody } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { BookingMessages } from './bookingsRepo';
import { accepted } from './dispatchAnswers';
import type { DispatchService } from './dispatchService';
import { routeSpecs } from './routeSpecs';

export const driverDispatchRoutes: FastifyPluginAsync<{ service: DispatchService; authenticateDriver: preHandlerAsyncHookHandler; actionsPerMinute: number }> = async (
  app,
  { service, authenticateDriver, actionsPerMinute },
) => {
  app.addHook('preHandler', authenticateDriver);
  // Accepting, declining, each step of a trip, availability: DRIVER_ACTIONS_PER_MINUTE per driver (429 beyond it).
  app.addHook('preHandler', driverActionLimit(app, actionsPerMinute, (request) => signedInDriver(request).id));
  const me = (request: FastifyRequest) => {
    const driver = signedInDriver(request);
    return { id: driver.id, ownerId: driver.ownerId };
  };
  const bookingId = (request: FastifyRequest) => idParam(request.params, BookingMessages.notFound);

  app.get('/driver/dispatch', routeSpecs.driverDispatch, async (request): Promise<DriverDispatchResponse> => service.driverState(me(request)));

  app.put('/driver/availability', routeSpecs.driverAvailability, async (request): Promise<DriverDispatchResponse> => {
    const body = parseBody(availabilityRequestSchema, request.body);
    accepted(await service.setAvailability(me(request), body.availability));
    return service.driverState(me(request));
  });

  app.post('/driver/offers/:id/accept', routeSpecs.acceptOffer, async (request): Promise<DriverDispatchResponse> => {
    accepted(await service.accept(me(request), bookingId(request)));
    return service.driverState(me(request));
  });

  app.post('/driver/offers/:id/decline', routeSpecs.declineOffer, async (request): Promise<DriverDispatchResponse> => {
    accepted(await service.decline(me(request), bookingId(request)));
    return service.driverState(me(request));
  });

  const steps: [string, keyof typeof routeSpecs, BookingStatus][] = [
    ['arrived', 'tripArrived', 'en_el_lugar'],
    ['onboard', 'tripOnboard', 'a_bordo'],
    ['finish', 'tripFinish', 'finalizado'],
    ['no-show', 'tripNoShow', 'no_se_presento'],
  ];
  for (const [path, spec, status] of steps) {
    app.post(`/driver/trips/:id/${path}`, routeSpecs[spec], async (request): Promise<DriverDispatchResponse> => {
      // Only Finalizar carries a body: the taxímetro's amount, optional.
      const typedFare = status === 'finalizado' ? parseBody(tripFinishRequestSchema, request.body ?? null).fare_pesos : null;
      accepted(await service.driverStep(me(request), bookingId(request), status, typedFare));
      return service.driverState(me(request));
    });
  }
};
