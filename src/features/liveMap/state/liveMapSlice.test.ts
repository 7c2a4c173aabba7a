import { fitRequested, followStopped, followToggled, liveMapReducer, popupClosed, shiftSelected, trailToggled, viewChanged } from './liveMapSlice';

describe('liveMap view', () => {
  const initial = liveMapReducer(undefined, { type: 'init' });

  it('starts without a view of its own, at zoom 13', () => {
    expect(initial).toEqual({ center: null, zoom: 13, selectedShiftId: null, fitRequestId: 0, showTrail: false, following: false });
  });

  it('keeps the view the map settled on', () => {
    expect(liveMapReducer(initial, viewChanged({ center: [-71.2, -32.4], zoom: 15 }))).toMatchObject({ center: [-71.2, -32.4], zoom: 15 });
  });

  it('selecting a located taxi centres on it; an unlocated one only selects', () => {
    const selected = liveMapReducer(initial, shiftSelected({ shiftId: 3, position: [-71.25, -32.45] }));
    expect(selected).toMatchObject({ selectedShiftId: 3, center: [-71.25, -32.45], zoom: 13 });
    expect(liveMapReducer(selected, shiftSelected({ shiftId: 4, position: null }))).toMatchObject({ selectedShiftId: 4, center: [-71.25, -32.45] });
    expect(liveMapReducer(selected, popupClosed()).selectedShiftId).toBeNull();
  });

  it('"Seguir" follows only a selected taxi, and ends on a hand move or when the popup closes', () => {
    expect(liveMapReducer(initial, followToggled()).following).toBe(false);
    const following = liveMapReducer(liveMapReducer(initial, shiftSelected({ shiftId: 3, position: [-71.25, -32.45] })), followToggled());
    expect(following.following).toBe(true);
    expect(liveMapReducer(following, followToggled()).following).toBe(false);
    expect(liveMapReducer(following, followStopped()).following).toBe(false);
    expect(liveMapReducer(following, popupClosed())).toMatchObject({ following: false, selectedShiftId: null });
  });

  it('counts fit requests and toggles the trail', () => {
    const state = liveMapReducer(liveMapReducer(initial, fitRequested()), fitRequested());
    expect(state.fitRequestId).toBe(2);
    expect(liveMapReducer(initial, trailToggled()).showTrail).toBe(true);
  });
});
