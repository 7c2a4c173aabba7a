/** In-app notices (the spec's "Alert"s): shown with role="alert", dismissed by the user or after a while. */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NoticeKind = 'success' | 'error' | 'info';

/**
 * Notices of one stream (a busy night's alerts) that collapse into one counter after GROUP_VISIBLE:
 * `many` names them in the plural ("alertas nuevas"), `to` is where to see them all (a route).
 */
export interface NoticeGroup {
  key: string;
  many: string;
  to?: string;
  linkText?: string;
}

export interface Notice {
  id: string;
  kind: NoticeKind;
  text: string;
  createdAt: number;
  group?: NoticeGroup;
  /** A group's counter: how many notices it stands for (absent on a single notice). */
  count?: number;
}

export interface NotificationsState {
  items: Notice[];
}

/** At most this many notices stay on screen; older ones give way. */
const MAX_VISIBLE = 4;
/** A group shows this many notices one by one; the next turns them into one counter. */
export const GROUP_VISIBLE = 3;

const worse = (a: NoticeKind, b: NoticeKind): NoticeKind => (a === 'error' || b === 'error' ? 'error' : a === 'info' || b === 'info' ? 'info' : 'success');

function addToGroup(state: NotificationsState, notice: Notice & { group: NoticeGroup }) {
  const members = state.items.filter((item) => item.group?.key === notice.group.key);
  const counter = members.find((item) => item.count !== undefined);
  if (!counter && members.length < GROUP_VISIBLE) {
    state.items.push(notice);
    return;
  }
  // The counter stands where the group's first notice stood; a new one restarts its time on screen.
  const count = counter ? (counter.count ?? 0) + 1 : members.length + 1;
  const kind = members.reduce((acc, item) => worse(acc, item.kind), notice.kind);
  const collapsed: Notice = { id: counter?.id ?? notice.id, kind, text: `${count} ${notice.group.many}`, createdAt: notice.createdAt, group: notice.group, count };
  const at = state.items.findIndex((item) => item.group?.key === notice.group.key);
  state.items = state.items.filter((item, index) => index === at || item.group?.key !== notice.group.key);
  state.items[at] = collapsed;
}

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: { items: [] } as NotificationsState,
  reducers: {
    noticeShown: {
      reducer(state, action: PayloadAction<Notice>) {
        const notice = action.payload;
        if (notice.group) addToGroup(state, { ...notice, group: notice.group });
        else state.items.push(notice);
        if (state.items.length > MAX_VISIBLE) state.items.splice(0, state.items.length - MAX_VISIBLE);
      },
      prepare(kind: NoticeKind, text: string, group?: NoticeGroup) {
        return { payload: { id: nanoid(), kind, text, createdAt: Date.now(), ...(group ? { group } : {}) } };
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
