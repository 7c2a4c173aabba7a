import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** A lazily loaded screen (the live map) shows its heading a little later; stop waiting after this. */
const WAIT_FOR_HEADING_MS = 5000;

/**
 * After moving to another screen, focus goes to the new screen's h1, so a screen-reader user hears
 * where they are and Tab continues from the top of the content (not from the sidebar link, nor the
 * page body). The first screen of a visit keeps the browser's own start; focus already inside the
 * content (a form opened on arrival) stays where it is.
 */
export function useFocusOnRouteChange(contentRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const content = contentRef.current;
    if (!content) return;

    const focusHeading = () => {
      const active = document.activeElement;
      if (active && active !== content && content.contains(active)) return true;
      const heading = content.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(content, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname, contentRef]);
}
