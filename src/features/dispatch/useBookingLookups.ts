/**
 * What the booking form asks the server while the dispatcher types: who is calling (a known number
 * fills the name, notes and last pickup) and what Recogida's list offers for the text typed now.
 */
import { useEffect, useMemo, type Dispatch, type SetStateAction } from 'react';
import { normalizeChileanPhone } from '../../../contract/api';
import { fillFromCustomer, type Draft } from './bookingDraft';
import { useGetPlacesQuery, useLazyCustomerByPhoneQuery, useLazyPickupSuggestionsQuery } from './dispatchApi';
import { pickupOptions } from './pickupOptions';

const LOOKUP_DELAY_MS = 250;
/** The server's suggestions are asked from this many characters, this long after the last key. */
const SUGGEST_MIN_CHARS = 2;
const SUGGEST_DELAY_MS = 150;

export function useBookingLookups(draft: Draft, setDraft: Dispatch<SetStateAction<Draft>>) {
  const [lookup, { data: customer, isFetching: lookingUp, originalArgs: lookedUp }] = useLazyCustomerByPhoneQuery();
  const [suggest, { data: suggested, originalArgs: suggestedFor }] = useLazyPickupSuggestionsQuery();
  const { data: places } = useGetPlacesQuery();

  const phone = normalizeChileanPhone(draft.phone);
  const known = customer && phone && lookedUp === phone ? customer : null;
  // The server's answer only for what is typed now (an older answer would offer another street).
  const pickupQuery = draft.pickupFromMap ? '' : draft.pickupText.trim();
  const serverSuggestions = suggested && suggestedFor === pickupQuery ? suggested.suggestions : undefined;
  const options = useMemo(() => pickupOptions(known, places, serverSuggestions, pickupQuery), [known, places, serverSuggestions, pickupQuery]);

  // The caller's number, once complete: ask who it is; a known customer fills the blanks.
  useEffect(() => {
    if (!phone) return undefined;
    const timer = setTimeout(() => {
      lookup(phone, true)
        .unwrap()
        .then((found) => {
          if (found) setDraft((current) => fillFromCustomer(current, found));
        })
        .catch(() => undefined); // Unreachable: the dispatcher types the rest.
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phone, lookup, setDraft]);

  // What is typed in Recogida: ask the server for places, used addresses and the geocoder's.
  useEffect(() => {
    if (pickupQuery.length < SUGGEST_MIN_CHARS) return undefined;
    const timer = setTimeout(() => void suggest(pickupQuery, true), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pickupQuery, suggest]);

  const phoneHint = known ? `Cliente conocido: ${known.name ?? 'sin nombre'} · ${known.trips_count} ${known.trips_count === 1 ? 'viaje' : 'viajes'}` : lookingUp ? 'Buscando cliente...' : phone && lookedUp === phone ? 'Cliente nuevo' : undefined;

  return { phone, options, phoneHint };
}
