import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { noticeShown } from './notificationsSlice';

/**
 * Shows an error notice once per failure: `error` is a query's error object, which is new for each
 * failed request, so re-renders (or a re-run effect) do not repeat the notice.
 */
export function useFailureNotice(error: unknown, text: string) {
  const dispatch = useDispatch();
  const notified = useRef<unknown>(undefined);
  useEffect(() => {
    if (!error || notified.current === error) return;
    notified.current = error;
    dispatch(noticeShown('error', text));
  }, [error, text, dispatch]);
}
