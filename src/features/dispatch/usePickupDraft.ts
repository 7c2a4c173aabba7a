/**
 * Recogida's part of the booking draft: typed text that must name a suggestion (or names a point set
 * on the map), a suggestion chosen, a click on the map, and a suggestion that arrives after the text
 * was typed. The page hears each change of the pickup point (its map marks it).
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { pickOnMap, type Draft, type MapPick } from './bookingDraft';
import { matchPickup, type PickupOption, type PickupPoint } from './pickupOptions';

interface PickupDraftOptions {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  options: readonly PickupOption[];
  mapPick: MapPick | null;
  onPickupChange(point: PickupPoint | null): void;
}

export function usePickupDraft({ draft, setDraft, options, mapPick, onPickupChange }: PickupDraftOptions) {
  // A click on the map: that point is the pickup (applied while rendering, React's way to follow a prop).
  const [appliedPick, setAppliedPick] = useState(0);
  if (mapPick && mapPick.seq !== appliedPick) {
    setAppliedPick(mapPick.seq);
    setDraft((current) => pickOnMap(current, mapPick));
  }

  // Suggestions that arrive after the address was typed (the saved places still loading, the
  // caller's history, the geocoder) still match it: the dispatcher must not type it again.
  const lateMatch = !draft.pickup && !draft.pickupFromMap && draft.pickupText.trim() ? matchPickup(options, draft.pickupText) : null;
  if (lateMatch) setDraft((current) => (current.pickup || current.pickupText !== draft.pickupText ? current : { ...current, pickup: lateMatch }));

  useEffect(() => onPickupChange(draft.pickup), [draft.pickup, onPickupChange]);

  function typePickup(text: string) {
    setDraft((current) =>
      // Naming a point set on the map keeps its coordinates; other text must name a suggestion.
      current.pickupFromMap && current.pickup
        ? { ...current, pickupText: text, pickup: { ...current.pickup, label: text.trim() } }
        : { ...current, pickupText: text, pickup: matchPickup(options, text) },
    );
  }

  function choosePickup(option: PickupOption) {
    const point = { label: option.label, latitude: option.latitude, longitude: option.longitude };
    setDraft((current) => ({ ...current, pickupText: option.label, pickup: point, pickupFromMap: false }));
  }

  return { typePickup, choosePickup };
}
