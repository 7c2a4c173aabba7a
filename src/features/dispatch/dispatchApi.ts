/**
 * Despacho's endpoints (contract/dispatch.ts). The board is one list (Booking LIST); a change
 * invalidates it, and the socket's booking_changed writes into the same cache (dispatchRealtime.ts),
 * so every desk sees a change at once.
 */
import type {
  Booking,
  BookingCreateInput,
  BookingCreatedAndOfferedResponse,
  BookingResponse,
  BookingsResponse,
  CandidatesResponse,
  Customer,
  CustomerResponse,
  GeocodeResponse,
  PickupSuggestionsResponse,
  PlaceRequest,
  PlaceResponse,
  PlacesImport,
  PlacesImportResponse,
  PlacesResponse,
  SavedPlace,
} from '../../../contract/api';
import { api, LIST } from '../../app/api';

const bookingTags = (id: number) => [
  { type: 'Booking' as const, id },
  { type: 'Booking' as const, id: LIST },
];

const booking = (response: BookingResponse) => response.booking;

export interface BookingBoardData {
  bookings: Booking[];
  /** Bookings closed today beyond those listed: the board says "y 1.240 más finalizados hoy". */
  closedNotShown: number;
}

export const dispatchApi = api.enhanceEndpoints({ addTagTypes: ['Booking', 'Customer', 'Place'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The board: every open booking and the newest closed today, and how many more closed today (not listed). */
    getBookings: build.query<BookingBoardData, void>({
      query: () => '/dispatch/bookings',
      transformResponse: (response: BookingsResponse): BookingBoardData => ({ bookings: response.bookings, closedNotShown: response.closed_not_shown }),
      providesTags: (result) => [...(result?.bookings ?? []).map(({ id }) => ({ type: 'Booking' as const, id })), { type: 'Booking', id: LIST }],
    }),
    createBooking: build.mutation<Booking, BookingCreateInput>({
      query: (body) => ({ url: '/dispatch/bookings', method: 'POST', body }),
      transformResponse: booking,
      invalidatesTags: [
        { type: 'Booking', id: LIST },
        { type: 'Customer', id: LIST },
      ],
    }),
    /**
     * "Crear y ofrecer": one request creates the booking and offers it to the best free taxi.
     * `offerRefused`: why the offering could not start (the booking is made and waits on the board).
     */
    createAndOfferBooking: build.mutation<{ booking: Booking; offerRefused: string | null }, BookingCreateInput>({
      query: (body) => ({ url: '/dispatch/bookings/create-and-offer', method: 'POST', body }),
      transformResponse: (response: BookingCreatedAndOfferedResponse) => ({ booking: response.booking, offerRefused: response.offer_refused }),
      invalidatesTags: [
        { type: 'Booking', id: LIST },
        { type: 'Customer', id: LIST },
      ],
    }),
    /**
     * The free taxis by estimate, and those Vencimientos keeps out with the reasons. With `booking_id`:
     * taxis that let that booking's offer go unanswered come last, marked. `round` (the booking's
     * refusals, never sent) asks again when an offer came to nothing.
     */
    getCandidates: build.query<CandidatesResponse, { latitude: number; longitude: number; booking_id?: number; round?: number }>({
      query: ({ round: _round, ...point }) => ({ url: '/dispatch/candidates', params: point }),
      keepUnusedDataFor: 0,
    }),
    /** `confirmExpired`: the desk saw the taxi's expired documents and assigns anyway (the server records it in Actividad). */
    assignBooking: build.mutation<Booking, { id: number; driverId: number; confirmExpired?: boolean }>({
      query: ({ id, driverId, confirmExpired }) => ({ url: `/dispatch/bookings/${id}/assign`, method: 'POST', body: confirmExpired ? { driver_id: driverId, confirm_expired_documents: true } : { driver_id: driverId } }),
      transformResponse: booking,
      invalidatesTags: (_result, _error, { id }) => bookingTags(id),
    }),
    offerBooking: build.mutation<Booking, number>({
      query: (id) => ({ url: `/dispatch/bookings/${id}/offer`, method: 'POST' }),
      transformResponse: booking,
      invalidatesTags: (_result, _error, id) => bookingTags(id),
    }),
    /** "Pasar al siguiente": stop waiting on the taxi holding the offer; the next candidate gets it. */
    passBooking: build.mutation<Booking, number>({
      query: (id) => ({ url: `/dispatch/bookings/${id}/pass`, method: 'POST' }),
      transformResponse: booking,
      invalidatesTags: (_result, _error, id) => bookingTags(id),
    }),
    cancelBooking: build.mutation<Booking, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/dispatch/bookings/${id}/cancel`, method: 'POST', body: { reason } }),
      transformResponse: booking,
      invalidatesTags: (_result, _error, { id }) => bookingTags(id),
    }),
    /** For a taxi without /conductor: the dispatcher moves the trip on after the radio call. */
    advanceBooking: build.mutation<Booking, { id: number; status: string }>({
      query: ({ id, status }) => ({ url: `/dispatch/bookings/${id}/advance`, method: 'POST', body: { status } }),
      transformResponse: booking,
      invalidatesTags: (_result, _error, { id }) => bookingTags(id),
    }),
    /** The customer behind a phone number; null when the number is new (the server's 404). */
    customerByPhone: build.query<Customer | null, string>({
      async queryFn(phone, _api, _extra, baseQuery) {
        const result = await baseQuery(`/customers/by-phone/${encodeURIComponent(phone)}`);
        if (result.error?.status === 404 || result.error?.status === 400) return { data: null };
        if (result.error) return { error: result.error };
        return { data: (result.data as CustomerResponse).customer };
      },
      providesTags: [{ type: 'Customer', id: LIST }],
    }),
    getPlaces: build.query<SavedPlace[], void>({
      query: () => '/dispatch/places',
      transformResponse: (response: PlacesResponse) => response.places,
      providesTags: [{ type: 'Place', id: LIST }],
    }),
    createPlace: build.mutation<SavedPlace, PlaceRequest>({
      query: (body) => ({ url: '/dispatch/places', method: 'POST', body }),
      transformResponse: (response: PlaceResponse) => response.place,
      invalidatesTags: [{ type: 'Place', id: LIST }],
    }),
    updatePlace: build.mutation<SavedPlace, { id: number; place: PlaceRequest }>({
      query: ({ id, place }) => ({ url: `/dispatch/places/${id}`, method: 'PUT', body: place }),
      transformResponse: (response: PlaceResponse) => response.place,
      invalidatesTags: [{ type: 'Place', id: LIST }],
    }),
    deletePlace: build.mutation<void, number>({
      query: (id) => ({ url: `/dispatch/places/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Place', id: LIST }],
    }),
    importPlaces: build.mutation<PlacesImportResponse, PlacesImport>({
      query: (body) => ({ url: '/dispatch/places/import', method: 'POST', body }),
      invalidatesTags: [{ type: 'Place', id: LIST }],
    }),
    /** The pickup field's list from the server: saved places, addresses the fleet used, the geocoder's. */
    pickupSuggestions: build.query<PickupSuggestionsResponse, string>({
      query: (query) => ({ url: '/dispatch/pickup-suggestions', params: { query } }),
      keepUnusedDataFor: 30,
    }),
    /** Address search, when the server has a geocoder (configured: false otherwise). */
    geocode: build.query<GeocodeResponse, string>({
      query: (query) => ({ url: '/dispatch/geocode', params: { query } }),
    }),
  }),
});

export const {
  useGetBookingsQuery,
  useCreateBookingMutation,
  useCreateAndOfferBookingMutation,
  useGetCandidatesQuery,
  useAssignBookingMutation,
  useOfferBookingMutation,
  usePassBookingMutation,
  useCancelBookingMutation,
  useAdvanceBookingMutation,
  useLazyCustomerByPhoneQuery,
  useGetPlacesQuery,
  useLazyGeocodeQuery,
  useCreatePlaceMutation,
  useUpdatePlaceMutation,
  useDeletePlaceMutation,
  useImportPlacesMutation,
  useLazyPickupSuggestionsQuery,
} = dispatchApi;
