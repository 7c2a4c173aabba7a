/**
 * The position service outside a server, with what the app would hand it: identity's driver
 * directory, the shift service and a domain event bus of its own (tests that count its queries or
 * move its clock build it so).
 */
import { createDomainEventBus } from '../../platform/domainEvents';
import type { RealtimePublisher } from '../../platform/realtime/publisher';
import { createDriverDirectory } from '../../modules/identity';
import { createPositionService, type PositionServiceOptions } from '../../modules/positions';
import { createShiftService } from '../../modules/shifts';

export type StandaloneOptions = Omit<PositionServiceOptions, 'drivers' | 'shifts' | 'events' | 'publishLocations'> & { publisher: RealtimePublisher };

export function standalonePositionService({ publisher, ...options }: StandaloneOptions) {
  const events = createDomainEventBus(options.log);
  const directory = createDriverDirectory({ db: options.db, log: options.log, databaseUrl: options.databaseUrl });
  const shifts = createShiftService({ db: options.db, publish: publisher.publish, events });
  const service = createPositionService({ ...options, publishLocations: publisher.publishLocations, drivers: directory.cache, shifts, events });
  return {
    ...service,
    shifts,
    events,
    async close() {
      await service.close();
      await directory.close();
    },
  };
}
export type StandalonePositions = ReturnType<typeof standalonePositionService>;
