import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { noticeDismissed, selectNotices, type Notice } from './notificationsSlice';
import './notices.css';

/** How long a success or info notice stays before it goes by itself; errors stay until dismissed or resolved. */
export const NOTICE_DURATION_MS = 5000;

function NoticeItem({ notice }: { notice: Notice }) {
  const dispatch = useDispatch();
  const expires = notice.kind !== 'error';
  useEffect(() => {
    if (!expires) return;
    const timer = setTimeout(() => dispatch(noticeDismissed(notice.id)), NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dispatch, notice.id, expires]);
  return (
    <div className={`flota-notice flota-notice--${notice.kind}`} role="alert">
      <span>{notice.text}</span>
      <button type="button" className="flota-notice__close" aria-label="Cerrar aviso" onClick={() => dispatch(noticeDismissed(notice.id))}>
        ×
      </button>
    </div>
  );
}

/** The stack of in-app notices, bottom right of the app (not of the host page). */
export function Notices() {
  const notices = useSelector(selectNotices);
  return (
    <div className="flota-notices">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </div>
  );
}
