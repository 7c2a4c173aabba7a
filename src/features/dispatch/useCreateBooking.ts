/** Sends a checked booking, offered to the nearest free taxi in the same request when asked, and says how it went. */
import type { Booking } from '../../../contract/api';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import type { bookingRequest } from './bookingDraft';
import { useCreateAndOfferBookingMutation, useCreateBookingMutation } from './dispatchApi';

export function useCreateBooking() {
  const dispatch = useAppDispatch();
  const [createBooking, { isLoading: creatingOnly }] = useCreateBookingMutation();
  const [createAndOffer, { isLoading: creatingAndOffering }] = useCreateAndOfferBookingMutation();

  /** Throws the server's refusal; a refused offer still creates the booking (left to assign). */
  async function create(request: ReturnType<typeof bookingRequest>, offering: boolean): Promise<Booking> {
    // "Crear y ofrecer" is one request: the server creates the booking and offers it.
    const { booking, offerRefused } = offering ? await createAndOffer(request).unwrap() : { booking: await createBooking(request).unwrap(), offerRefused: null };
    if (offerRefused) dispatch(noticeShown('error', `La reserva #${booking.id} quedó por asignar. ${offerRefused}`));
    dispatch(noticeShown('success', offering && !offerRefused ? `Reserva #${booking.id} creada y ofrecida al taxi libre más cercano` : `Reserva #${booking.id} creada`));
    return booking;
  }

  return { create, creating: creatingOnly || creatingAndOffering };
}
