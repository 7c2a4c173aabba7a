import { NOTICE_MARGIN_PX, placeNotices } from './noticePlacement';

const laptop = { viewportHeight: 768, contentTop: 56 };

describe('where the notices go', () => {
  it('bottom right when nothing to keep clear is in view', () => {
    expect(placeNotices({ ...laptop, keepClear: [], stackHeight: 200 })).toEqual({ bottom: NOTICE_MARGIN_PX });
    // Scrolled away below or above the screen.
    expect(placeNotices({ ...laptop, keepClear: [{ top: 900, bottom: 1200 }, { top: -400, bottom: -10 }], stackHeight: 200 })).toEqual({ bottom: NOTICE_MARGIN_PX });
  });

  it('just above the board when it fits between the board and the top bar (Despacho at 1366×768)', () => {
    // The board's columns start 480 px down: the stack ends 8 px above them.
    expect(placeNotices({ ...laptop, keepClear: [{ top: 480, bottom: 760 }], stackHeight: 200 })).toEqual({ bottom: 768 - 472 });
  });

  it('under the top bar when the board leaves no room above it (a phone scrolled to the board)', () => {
    expect(placeNotices({ viewportHeight: 844, contentTop: 56, keepClear: [{ top: 90, bottom: 1400 }], stackHeight: 120 })).toEqual({ top: 64 });
  });
});
