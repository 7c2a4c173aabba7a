/**
 * Despacho's endpoints. The board is one list (Booking LIST); every change invalidates it, and the
 * socket's booking events write into the same cache (dispatchRealtime.ts), so all desks see a
 * change at once.
 */
import { api, LIST } from '../../app/api';
import type { Booking, BookingInput, Candidate, Customer, Place } from './dispatchTypes';

const bookingTags = (id: number) => [
  { type: 'Booking' as const, id },
  { type: 'Booking' as const, id: LIST },
];

export const dispatchApi = api.enhanceEndpoints({ addTagTypes: ['Booking', 'Customer', 'Place'] }).injectEndpoints({
  endpoints: (build) => ({
    getBookings: build.query<Booking[], void>({
      query: () => '/dispatch/bookings',
      transformResponse: (response: { bookings: Booking[] }) => response.bookings,
      providesTags: (result) => [...(result ?? []).map(({ id }) => ({ type: 'Booking' as const, id })), { type: 'Booking', id: LIST }],
    }),
    createBooking: build.mutation<Booking, BookingInput>({
      query: (body) => ({ url: '/dispatch/bookings', method: 'POST', body }),
      transformResponse: (response: { booking: Booking }) => response.booking,
      invalidatesTags: [{ type: 'Booking', id: LIST }, { type: 'Customer', id: LIST }],
    }),
    getCandidates: build.query<Candidate[], number>({
      query: (bookingId) => `/dispatch/bookings/${bookingId}/candidates`,
      transformResponse: (response: { candidates: Candidate[] }) => response.candidates,
      keepUnusedDataFor: 0,
    }),
    assignBooking: build.mutation<Booking, { id: number; shiftId: number }>({
      query: ({ id, shiftId }) => ({ url: `/dispatch/bookings/${id}/assign`, method: 'POST', body: { shift_id: shiftId } }),
      transformResponse: (response: { booking: Booking }) => response.booking,
      invalidatesTags: (_result, _error, { id }) => bookingTags(id),
    }),
    offerBooking: build.mutation<Booking, number>({
      query: (id) => ({ url: `/dispatch/bookings/${id}/offer`, method: 'POST', body: {} }),
      transformResponse: (response: { booking: Booking }) => response.booking,
      invalidatesTags: (_result, _error, id) => bookingTags(id),
    }),
    cancelBooking: build.mutation<Booking, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/dispatch/bookings/${id}/cancel`, method: 'POST', body: { reason } }),
      transformResponse: (response: { booking: Booking }) => response.booking,
      invalidatesTags: (_result, _error, { id }) => bookingTags(id),
    }),
    /** For a taxi without /conductor: the dispatcher moves the trip on after the radio call. */
    advanceBooking: build.mutation<Booking, { id: number; status: string }>({
      query: ({ id, status }) => ({ url: `/dispatch/bookings/${id}/status`, method: 'POST', body: { status } }),
      transformResponse: (response: { booking: Booking }) => response.booking,
      invalidatesTags: (_result, _error, { id }) => bookingTags(id),
    }),
    lookupCustomer: build.query<Customer | null, string>({
      query: (phone) => ({ url: '/dispatch/customers/lookup', params: { phone } }),
      transformResponse: (response: { customer: Customer | null }) => response.customer,
      providesTags: [{ type: 'Customer', id: LIST }],
    }),
    getPlaces: build.query<Place[], void>({
      query: () => '/dispatch/places',
      transformResponse: (response: { places: Place[] }) => response.places,
      providesTags: [{ type: 'Place', id: LIST }],
    }),
  }),
});

export const {
  useGetBookingsQuery,
  useCreateBookingMutation,
  useGetCandidatesQuery,
  useAssignBookingMutation,
  useOfferBookingMutation,
  useCancelBookingMutation,
  useAdvanceBookingMutation,
  useLazyLookupCustomerQuery,
  useGetPlacesQuery,
} = dispatchApi;
