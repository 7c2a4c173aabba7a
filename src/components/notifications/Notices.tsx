import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { KEEP_CLEAR_ATTRIBUTE, NOTICE_MARGIN_PX, placeNotices, type NoticePlacement } from './noticePlacement';
import { noticeDismissed, selectNotices, type Notice } from './notificationsSlice';
import './notices.css';

/** How long a success or info notice stays before it goes by itself; errors stay until dismissed or resolved. */
export const NOTICE_DURATION_MS = 5000;

/** Opens an app route (the stack sits outside the router: the app hands it the router's navigate). */
export type OpenRoute = (to: string) => void;

function NoticeItem({ notice, open }: { notice: Notice; open?: OpenRoute }) {
  const dispatch = useDispatch();
  const expires = notice.kind !== 'error';
  useEffect(() => {
    if (!expires) return;
    const timer = setTimeout(() => dispatch(noticeDismissed(notice.id)), NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
    // A counter that grew restarts its time on screen (createdAt is the newest notice's).
  }, [dispatch, notice.id, notice.createdAt, expires]);
  const to = notice.count !== undefined && open ? notice.group?.to : undefined;
  return (
    <div className={`flota-notice flota-notice--${notice.kind}${notice.count !== undefined ? ' flota-notice--counter' : ''}`} role="alert">
      <span>
        {notice.text}
        {to && (
          <>
            {' · '}
            <button
              type="button"
              className="flota-notice__open"
              onClick={() => {
                dispatch(noticeDismissed(notice.id));
                open?.(to);
              }}
            >
              {notice.group?.linkText ?? 'Ver'}
            </button>
          </>
        )}
      </span>
      <button type="button" className="flota-notice__close" aria-label="Cerrar aviso" onClick={() => dispatch(noticeDismissed(notice.id))}>
        ×
      </button>
    </div>
  );
}

/** The top bar's bottom edge: where a page's content starts. */
function contentTop(stack: HTMLElement): number {
  const bar = stack.closest('.flota-app')?.querySelector('.flota-topbar');
  return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
}

/**
 * Keeps the stack off what the screen marks as keep-clear (Despacho's board), measured again when
 * the notices change and while the page scrolls or resizes.
 */
function usePlacement(count: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<NoticePlacement>({ bottom: NOTICE_MARGIN_PX });
  const measure = useCallback(() => {
    const stack = ref.current;
    if (!stack) return;
    const root = stack.closest('.flota-app') ?? document;
    const keepClear = [...root.querySelectorAll(`[${KEEP_CLEAR_ATTRIBUTE}]`)].map((element) => element.getBoundingClientRect());
    const next = placeNotices({ viewportHeight: window.innerHeight, keepClear, stackHeight: stack.offsetHeight, contentTop: contentTop(stack) });
    setPlacement((before) => (JSON.stringify(before) === JSON.stringify(next) ? before : next));
  }, []);
  useLayoutEffect(measure, [measure, count]);
  useEffect(() => {
    if (!count) return;
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, { capture: true });
    };
  }, [measure, count]);
  return { ref, placement };
}

/** The stack of in-app notices, bottom right of the app (not of the host page), off the desk's board. */
export function Notices({ open }: { open?: OpenRoute }) {
  const notices = useSelector(selectNotices);
  const { ref, placement } = usePlacement(notices.length);
  return (
    <div ref={ref} className="flota-notices" style={'top' in placement ? { top: placement.top, bottom: 'auto' } : { bottom: placement.bottom }}>
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} open={open} />
      ))}
    </div>
  );
}
