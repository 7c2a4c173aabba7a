/**
 * What Alertas tells sockets: alert_raised and alert_changed to the fleet's desks, sos_changed to
 * the one driver whose SOS was received or acknowledged. Payload shapes are the contract's.
 */
import type { DriverSos } from '../../../contract/alerts';
import { SocketEvent, driverRoom, ownerRoom } from '../../../contract/socket';
import type { Publish } from '../../platform/realtime/publisher';
import { toAlert, type AlertRow } from './alertsRepo';

export function createAlertEvents(publish: Publish) {
  return {
    raised(row: AlertRow): void {
      publish(ownerRoom(row.owner_id), SocketEvent.alertRaised, { alert: toAlert(row) });
    },
    changed(row: AlertRow): void {
      publish(ownerRoom(row.owner_id), SocketEvent.alertChanged, { alert: toAlert(row) });
    },
    sosChanged(driverId: number, sos: DriverSos): void {
      publish(driverRoom(driverId), SocketEvent.sosChanged, { sos });
    },
  };
}
export type AlertEvents = ReturnType<typeof createAlertEvents>;
