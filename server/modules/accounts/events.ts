/**
 * What Cuentas tells sockets: account_changed to the one driver whose account a charge, payment or
 * reversal just changed, with the account exactly as GET /driver/account answers it, so the phone's
 * "Mi cuenta" is patched without a press. Sent only after the change committed.
 */
import type { Kysely } from 'kysely';
import { SocketEvent, driverRoom } from '../../../contract/socket';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import type { Publish } from '../../platform/realtime/publisher';
import { zonedDate } from '../../platform/timeZone';
import { accountOf } from './balances';

/** The entries "Mi cuenta" lists (GET /driver/account's). */
export const MY_ACCOUNT_ENTRIES = 20;

export function createAccountEvents({ db, publish, clock, timeZone, log }: { db: Kysely<Database>; publish: Publish; clock: Clock; timeZone: string; log: { warn(details: object, message: string): void } }) {
  return {
    /** Reads each driver's account once and tells that driver's phones; a failed read is logged (the phone still has Actualizar). */
    changed(ownerId: number, driverIds: readonly number[]): void {
      for (const driverId of driverIds) {
        accountOf(db, ownerId, driverId, zonedDate(clock.now(), timeZone), MY_ACCOUNT_ENTRIES)
          .then((account) => publish(driverRoom(driverId), SocketEvent.accountChanged, account))
          .catch((error: unknown) => log.warn({ err: error, driverId }, 'Cuentas: no se pudo avisar al conductor de su cuenta'));
      }
    },
  };
}

export type AccountEvents = ReturnType<typeof createAccountEvents>;
