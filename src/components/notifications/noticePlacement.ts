/**
 * Where the notices' stack goes so that it never covers what a screen marks as keep-clear (the
 * Despacho board's columns, issue 46): at the bottom right as usual when nothing marked is in view;
 * just above the highest marked area in view when the stack fits between it and the top bar; at the
 * top, under the top bar, when it does not (a phone scrolled down to the board).
 */

/** The attribute a screen puts on an area notices must not cover. */
export const KEEP_CLEAR_ATTRIBUTE = 'data-flota-keep-clear';

export const NOTICE_MARGIN_PX = 20;
const GAP_PX = 8;

export type NoticePlacement = { bottom: number } | { top: number };

export interface PlacementInput {
  viewportHeight: number;
  /** The marked areas' vertical extents, in viewport pixels. */
  keepClear: readonly { top: number; bottom: number }[];
  /** The stack's own height. */
  stackHeight: number;
  /** Where the page's content starts (below the top bar). */
  contentTop: number;
}

export function placeNotices({ viewportHeight, keepClear, stackHeight, contentTop }: PlacementInput): NoticePlacement {
  const inView = keepClear.filter((area) => area.bottom > 0 && area.top < viewportHeight);
  if (!inView.length) return { bottom: NOTICE_MARGIN_PX };
  const highestTop = Math.min(...inView.map((area) => area.top));
  const above = highestTop - GAP_PX;
  if (above - stackHeight >= contentTop) return { bottom: Math.max(NOTICE_MARGIN_PX, viewportHeight - above) };
  return { top: contentTop + GAP_PX };
}
