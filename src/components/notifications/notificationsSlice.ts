/** In-app notices (the spec's "Alert"s): shown with role="alert", dismissed by the user or after a while. */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NoticeKind = 'success' | 'error' | 'info';

export interface Notice {
  id: string;
  kind: NoticeKind;
  text: string;
  createdAt: number;
}

export interface NotificationsState {
  items: Notice[];
}

/** At most this many notices stay on screen; older ones give way. */
const MAX_VISIBLE = 4;

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: { items: [] } as NotificationsState,
  reducers: {
    noticeShown: {
      reducer(state, action: PayloadAction<Notice>) {
        state.items.push(action.payload);
        if (state.items.length > MAX_VISIBLE) state.items.splice(0, state.items.length - MAX_VISIBLE);
      },
      prepare(kind: NoticeKind, text: string) {
        return { payload: { id: nanoid(), kind, text, createdAt: Date.now() } };
      },
    },
    noticeDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((notice) => notice.id !== action.payload);
    },
  },
});

export const { noticeShown, noticeDismissed } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
export const selectNotices = (state: { notifications: NotificationsState }) => state.notifications.items;
