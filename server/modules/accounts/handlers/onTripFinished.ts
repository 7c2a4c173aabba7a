/**
 * A trip finished: the driver's charges are brought up to date inside the transaction that stores
 * its Finalizado and fare (a porcentaje cuota's share of it, or its ajuste), so both commit or
 * neither does; once committed, the driver's phone hears account_changed. The charge pass remains
 * only as a catch-up.
 */
import { zonedDate } from '../../../platform/timeZone';
import { handler } from '../../flotaModule';
import { writeCharges } from '../chargePass';
import type { AccountEvents } from '../events';

export const onTripFinished = handler('tripFinished', 'inside', ({ clock, config }, { events }: { events: AccountEvents }) => async (trip, trx, later) => {
  const written = await writeCharges(trx, { ownerId: trip.ownerId, driverIds: [trip.driverId], today: zonedDate(clock.now(), config.tzFleet), timeZone: config.tzFleet });
  if (written.length) later(() => events.changed(trip.ownerId, [trip.driverId]));
});
