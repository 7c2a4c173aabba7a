import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { noticeDismissed, noticeShown } from './notificationsSlice';

/**
 * Shows an error notice once per failure: `error` is a query's error object, which is new for each
 * failed request, so re-renders do not repeat the notice. Error notices do not time out; this one
 * goes when the load succeeds, a new failure replaces it, or the screen that failed is left.
 */
export function useFailureNotice(error: unknown, text: string) {
  const dispatch = useDispatch();
  useEffect(() => {
    if (!error) return;
    const { id } = dispatch(noticeShown('error', text)).payload;
    return () => {
      dispatch(noticeDismissed(id));
    };
  }, [error, text, dispatch]);
}
