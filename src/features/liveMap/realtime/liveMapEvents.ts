/**
 * The live map's socket events, checked at the edge with the contract's schemas (contract/socket.ts):
 * a payload that does not match is dropped with a warning, never cast into state. The schemas (zod)
 * load with the socket, not with the first screen (./payloadChecks.ts).
 */
import type { z } from 'zod';
import { SocketEvent } from '../../../../contract/socketEvents';
import type { ChannelDispatch, ChannelHandlers } from '../../../lib/realtime/channel';
import { shiftEnded, shiftStarted } from '../state/activeShiftsSlice';
import type { LiveMapQueries } from './liveMapQueries';
import type { LocationFlush } from './locationFlush';
import type * as PayloadChecks from './payloadChecks';

type Checks = typeof PayloadChecks;
let checksLoading: Promise<Checks> | null = null;
let loadedChecks: Checks | null = null;
export function loadChecks(): Promise<Checks> {
  checksLoading ??= import(/* webpackChunkName: "socket-payloads" */ './payloadChecks').then((checks) => (loadedChecks = checks));
  return checksLoading;
}

/** A payload the contract refuses: said in the console (with zod's reasons), never thrown. */
function warnDropped(event: string, payload: unknown, schema?: z.ZodType) {
  const first = Array.isArray(payload) ? payload[0] : payload;
  const reasons = schema ? schema.safeParse(first).error?.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`) : ['no es un lote {updates: [...]}'];
  console.warn(`Flota: evento ${event} descartado, no coincide con el contrato`, { payload, reasons });
}

export interface LiveMapEventsOptions {
  dispatch: ChannelDispatch;
  locations: Pick<LocationFlush, 'add'>;
  availabilities: LiveMapQueries['availabilities'];
  /** Whether a socket is open: a payload whose checks load after the map closed is dropped. */
  isOpen(): boolean;
}

export function liveMapEvents({ dispatch, locations, availabilities, isOpen }: LiveMapEventsOptions): ChannelHandlers['events'] {
  function addUpdate({ locationUpdateSchema }: Checks, payload: unknown): boolean {
    const update = locationUpdateSchema.safeParse(payload);
    if (!update.success) return false;
    locations.add(update.data);
    return true;
  }

  function onLocationUpdate(checks: Checks, payload: unknown) {
    if (!addUpdate(checks, payload)) warnDropped(SocketEvent.locationUpdate, payload, checks.locationUpdateSchema);
  }

  /** One bad update does not cost the others of its flush; one warning per batch. */
  function onLocationBatch(checks: Checks, payload: unknown) {
    const updates = (payload as { updates?: unknown } | null | undefined)?.updates;
    if (!Array.isArray(updates)) {
      warnDropped(SocketEvent.locationBatch, payload);
      return;
    }
    const dropped = updates.filter((update) => !addUpdate(checks, update));
    if (dropped.length) warnDropped(SocketEvent.locationBatch, dropped, checks.locationUpdateSchema);
  }

  function onShiftStarted({ shiftStartedPayloadSchema }: Checks, payload: unknown) {
    const parsed = shiftStartedPayloadSchema.safeParse(payload);
    if (parsed.success) dispatch(shiftStarted(parsed.data));
    else warnDropped(SocketEvent.shiftStarted, payload, shiftStartedPayloadSchema);
  }

  /** A taxi became Libre, Ocupado or Fuera de servicio: its colour on the map changes at once. */
  function onAvailabilityChanged({ availabilityChangedPayloadSchema }: Checks, payload: unknown) {
    const parsed = availabilityChangedPayloadSchema.safeParse(payload);
    if (!parsed.success) return warnDropped(SocketEvent.availabilityChanged, payload, availabilityChangedPayloadSchema);
    availabilities.heard(parsed.data);
  }

  function onShiftEnded({ shiftEndedPayloadSchema }: Checks, payload: unknown) {
    const parsed = shiftEndedPayloadSchema.safeParse(payload);
    if (parsed.success) dispatch(shiftEnded(parsed.data));
    else warnDropped(SocketEvent.shiftEnded, payload, shiftEndedPayloadSchema);
  }

  /** A payload handler that runs once the schemas are here (at once after the first time), in arrival order. */
  function checked(handle: (checks: Checks, payload: unknown) => void) {
    return (payload: unknown) => {
      if (loadedChecks) handle(loadedChecks, payload);
      else
        void loadChecks().then((checks) => {
          if (isOpen()) handle(checks, payload); // not after the map closed meanwhile
        });
    };
  }

  return {
    [SocketEvent.locationUpdate]: checked(onLocationUpdate),
    [SocketEvent.locationBatch]: checked(onLocationBatch),
    [SocketEvent.shiftStarted]: checked(onShiftStarted),
    [SocketEvent.shiftEnded]: checked(onShiftEnded),
    [SocketEvent.availabilityChanged]: checked(onAvailabilityChanged),
  };
}
