/**
 * Despacho's channel on the desk's socket (src/lib/realtime; app/realtimeChannels.ts registers it):
 * the screen holds the connection while open, and each booking_changed is written into the board's
 * RTK Query cache, so every desk sees a booking change without asking; one that arrives while the
 * board is still loading is written again into its answer (lib/realtime/followedQueries.ts). A
 * payload the contract refuses is dropped with a warning and the board is read again instead.
 */
import { createAction } from '@reduxjs/toolkit';
import type { Booking } from '../../../contract/api';
import { SocketEvent } from '../../../contract/socketEvents';
import { LIST } from '../../app/api';
import type { ChannelDispatch, RealtimeChannel } from '../../lib/realtime/channel';
import { followQueries } from '../../lib/realtime/followedQueries';
import type * as BookingChecks from './bookingChecks';
import { dispatchApi } from './dispatchApi';

/** The Despacho screen mounted: the socket connects (or stays connected). */
export const dispatchOpened = createAction('dispatch/opened');
/** The Despacho screen unmounted: the socket may close. */
export const dispatchClosed = createAction('dispatch/closed');

export function upsertBooking(dispatch: ChannelDispatch, booking: Booking) {
  dispatch(
    dispatchApi.util.updateQueryData('getBookings', undefined, ({ bookings }) => {
      const index = bookings.findIndex((item) => item.id === booking.id);
      // An older event arriving late must not undo a newer state.
      if (index >= 0 && Date.parse(bookings[index].updated_at) > Date.parse(booking.updated_at)) return;
      if (index >= 0) bookings[index] = booking;
      else bookings.unshift(booking);
    }),
  );
}

type Checks = typeof BookingChecks;
/** The store (and so this channel) is part of the first screen; zod and the schema load with the first event. */
let checksLoading: Promise<Checks> | null = null;
const loadChecks = () => (checksLoading ??= import(/* webpackChunkName: "socket-payloads" */ './bookingChecks'));

const reloadBoard = (dispatch: ChannelDispatch) => dispatch(dispatchApi.util.invalidateTags([{ type: 'Booking', id: LIST }]));

/**
 * The tag of views that list only the bookings needing a person (Panel de Control's "Requiere
 * atención"): read again when a booking may have entered or left that list, so one nobody accepted
 * shows at once, not at the next poll. A booking simply waiting (pendiente, unflagged) changes nothing there.
 */
export const BOOKINGS_NEEDING_ATTENTION = 'ATTENTION';
const mayChangeAttention = (booking: Booking) => booking.needs_attention || booking.status !== 'pendiente';

export const dispatchChannel: RealtimeChannel = {
  name: 'dispatch',
  openOn: dispatchOpened.match,
  releaseOn: dispatchClosed.match,
  attach: ({ dispatch, getState }) => {
    const board = followQueries<Booking>({
      endpoints: ['getBookings'],
      patch: (booking) => upsertBooking(dispatch, booking),
      afterAnswer: 'replay',
      refetch: () => void dispatch(dispatchApi.endpoints.getBookings.initiate(undefined, { forceRefetch: true, subscribe: false })),
      getState,
    });
    return {
      events: {
        [SocketEvent.bookingChanged]: (payload: unknown) => {
          // One promise for every event: they are handled in arrival order.
          void loadChecks().then(({ bookingChangedPayloadSchema }) => {
            const parsed = bookingChangedPayloadSchema.safeParse(payload);
            if (parsed.success) {
              board.heard(parsed.data.booking);
              if (mayChangeAttention(parsed.data.booking)) dispatch(dispatchApi.util.invalidateTags([{ type: 'Booking', id: BOOKINGS_NEEDING_ATTENTION }]));
              return;
            }
            console.warn(`Flota: evento ${SocketEvent.bookingChanged} descartado, no coincide con el contrato`, { payload, reasons: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
            reloadBoard(dispatch);
          });
        },
      },
      onAction: board.saw,
      onJoined: board.joined,
      onReconnect: () => reloadBoard(dispatch),
      onClose: board.clear,
    };
  },
};
