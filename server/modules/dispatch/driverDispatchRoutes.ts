/**
 * The driver's side of despacho (driver token): the current offer, trip and availability (survives
 * a reload), availability, accept/decline, and the trip's steps. Every answer is the driver's state
 * after the change. Another driver's offer or trip answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { BookingStatus, DriverDispatchResponse } from '../../../contract/dispatch';
import { signedInDriver } from '../identity';
import { driverActionLimit } from '../../platform/edge/driverActionLimit';
import { idParam } from '../../platform/params';
import { BookingMessages } from './bookingsRepo';
import { accepted } from './dispatchAnswers';
import type { DispatchService } from './dispatchService';
import { routeSpecs } from './routeSpecs';

export const driverDispatchRoutes: FastifyPluginAsyncZod<{ service: DispatchService; authenticateDriver: preHandlerAsyncHookHandler; actionsPerMinute: number }> = async (
  app,
  { service, authenticateDriver, actionsPerMinute },
) => {
  app.addHook('preValidation', authenticateDriver);
  // Accepting, declining, each step of a trip, availability: DRIVER_ACTIONS_PER_MINUTE per driver (429 beyond it).
  app.addHook('preValidation', driverActionLimit(app, actionsPerMinute, (request) => signedInDriver(request).id));
  const me = (request: FastifyRequest) => {
    const driver = signedInDriver(request);
    return { id: driver.id, ownerId: driver.ownerId };
  };
  const bookingId = (request: FastifyRequest) => idParam(request.params, BookingMessages.notFound);

  app.get('/driver/dispatch', routeSpecs.driverDispatch, async (request): Promise<DriverDispatchResponse> => service.driverState(me(request)));

  app.put('/driver/availability', routeSpecs.driverAvailability, async (request): Promise<DriverDispatchResponse> => {
    const body = request.body;
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

  /** A trip's step; only Finalizar carries a body (the taxímetro's amount, optional). */
  const step = async (request: FastifyRequest, status: BookingStatus, typedFare: number | null = null): Promise<DriverDispatchResponse> => {
    accepted(await service.driverStep(me(request), bookingId(request), status, typedFare));
    return service.driverState(me(request));
  };
  app.post('/driver/trips/:id/arrived', routeSpecs.tripArrived, async (request) => step(request, 'en_el_lugar'));
  app.post('/driver/trips/:id/onboard', routeSpecs.tripOnboard, async (request) => step(request, 'a_bordo'));
  app.post('/driver/trips/:id/finish', routeSpecs.tripFinish, async (request) => step(request, 'finalizado', request.body.fare_pesos));
  app.post('/driver/trips/:id/no-show', routeSpecs.tripNoShow, async (request) => step(request, 'no_se_presento'));
};
